import { IST_OFFSET_MS, istDate } from "~/lib/admin-format";
import { formatIstDate } from "~/lib/gst";
import { DEFAULT_CHANGED_MIND_POLICY, DEFAULT_RETURN_WINDOW_DAYS, reasonWindowDays as policyReasonDays, returnPolicyOf, type ReturnPolicy } from "~/lib/after-sale-policy";
import { RETURN_REASONS, type ReturnReason, type ReturnResolution } from "~/lib/returns";

/*
 * The shopper's return and exchange request (issue 45 item 2; DESIGN.md §26;
 * docs/decisions/0982-return-requests.md): which reasons and resolutions an order offers on a day,
 * and the sentences that refuse. Pure: the service (services/returns.server.ts), the order page and
 * the tests share it. Days are IST calendar days (lib/ist-dates.ts): the delivery day is day 0,
 * days 1..N after it are inside an N-day window, day N + 1 is not. The policy — the window for a
 * change of mind, the legal reasons' days, what each reason allows — is the owner's
 * (lib/after-sale-policy.ts `returnPolicyOf`, docs/decisions/0980).
 */

/** The store's after-sale policy (lib/after-sale-policy.ts `returnPolicyOf(settings)`, docs/decisions/0980). */
export type { ReturnPolicy } from "~/lib/after-sale-policy";

/** The policy of a store that has not set one (7 days; a change of mind refunded or exchanged; the legal reasons 30 days). */
export const DEFAULT_RETURN_POLICY: ReturnPolicy = returnPolicyOf({ returnWindowDays: DEFAULT_RETURN_WINDOW_DAYS, changedMindReturns: DEFAULT_CHANGED_MIND_POLICY });

const DAY_MS = 24 * 60 * 60_000;

/** The IST calendar day of `ms` as a day number (days since 1970-01-01 IST). */
export function istDayNumber(ms: number): number {
  return Math.floor((ms + IST_OFFSET_MS) / DAY_MS);
}


/** The English sentences of the return request (the Hindi in the phrasebook's `returns` group). */
export const RETURN_MESSAGES = {
  notDelivered: "A return or exchange can be requested once the order has been delivered.",
  windowClosed: (days: number, deliveredOn: string) => `Returns are accepted within ${days} days of delivery. This order was delivered on ${deliveredOn}.`,
  /** One reason's window is over while another's is open (a change of mind after the store's window). */
  reasonWindowClosed: (days: number, deliveredOn: string) => `Returns for this reason are accepted within ${days} days of delivery. This order was delivered on ${deliveredOn}.`,
  changedMindNotAccepted: "This store does not take back a watch for a change of mind. Defective, damaged, wrong or not-as-described watches are always taken back.",
  notLate: "This order arrived within its promised delivery window, so “Arrived late” does not apply.",
  refundNotOffered: "For this reason the store offers an exchange for another colour, not a refund.",
  exchangeNotOffered: "For this reason the store offers a refund, not an exchange.",
  reason: "Please choose why you are returning the watch.",
  resolution: "Please choose a refund or an exchange.",
  lines: "Please choose the watches to return and how many of each.",
  line: "That line is not in this order.",
  quantity: (count: number) => `You can return at most ${count} of this watch: that is how many you bought.`,
  lineTaken: "A return has already been requested for this watch in this order.",
  description: "Please describe the problem.",
  descriptionTooLong: "The description must be at most 2000 characters.",
  exchangeColour: "Please choose the colour you want instead.",
  exchangeSameColour: "Please choose a colour other than the one you have.",
  exchangeOneColour: "This watch comes in one colour only, so it can be returned for a refund only.",
  exchangeUnknownColour: "That colour is not offered for this watch.",
  colourSoldOut: "Sorry, that colour just sold out. Please choose another colour or a refund.",
  photoType: "Photos must be JPEG, PNG or WebP images.",
  photoTooLarge: "Each photo must be at most 5 MB.",
  tooManyPhotos: "Attach at most 3 photos.",
  photoLost: "Your photo could not be saved. Please try again.",
  unknownField: "The form holds a field the store does not take. Reload the page and try again.",
  requested: "Your return request has been sent. We will answer within 48 hours.",
  rateLimited: "You have sent many return requests in the last hour. Please wait a while and try again.",
} as const;

/** What an order offers on a day: each reason with the resolutions it allows. */
export type ReturnOffer = {
  /** Delivered after its promised window (`orders.delivery_to` before the IST delivery date). */
  late: boolean;
  /** The delivery time (ms), or null when not delivered. */
  deliveredAt: number | null;
  /** IST days since delivery (0 on the delivery day), or null. */
  day: number | null;
  /** The reasons open today, in RETURN_REASONS' order, each with its resolutions (never empty) and its last IST day ("YYYY-MM-DD"). */
  reasons: { reason: ReturnReason; resolutions: ReturnResolution[]; lastDay: string }[];
  /** The last IST day ("YYYY-MM-DD") a request is open for any reason, or null when none is. */
  lastDay: string | null;
  /** Why nothing is open (a sentence), or null while something is. */
  refusal: string | null;
};

/**
 * The IST days after delivery `reason` stays open under `policy` (0: never): the policy's own
 * (lib/after-sale-policy.ts `reasonWindowDays`: a change of mind `windowDays`, the legal reasons
 * `legalWindowDays`), but "arrived late" only for a late order — then for the legal reasons' days
 * whatever the window (CP (E-Com) Rules 2020 rule 7(2)(b); decision 0982).
 */
export function reasonWindowDays(reason: ReturnReason, policy: ReturnPolicy, late: boolean): number {
  if (reason === "late" && !late) return 0;
  return policyReasonDays(policy, reason);
}

/** The resolutions `reason` allows under `policy` (its refundReasons and exchangeReasons; the legal reasons always a refund). */
export function reasonResolutions(reason: ReturnReason, policy: ReturnPolicy): ReturnResolution[] {
  return [...(policy.refundReasons.includes(reason) ? (["refund"] as const) : []), ...(policy.exchangeReasons.includes(reason) ? (["exchange"] as const) : [])];
}

/**
 * What the order offers at `now` (ms): `status` its status, `deliveredAt` its first Delivered
 * event (ms) or null, `deliveryTo` the promise recorded at order time (IST "YYYY-MM-DD") or null,
 * under `policy`. A reason is open on IST day 0..W after delivery, W = `reasonWindowDays`; when none
 * is, `refusal` is RETURN_MESSAGES.notDelivered or windowClosed naming the longest window that
 * applied ("Returns are accepted within 7 days of delivery. This order was delivered on 24 Nov 2026.").
 * Source: issue 45 item 2; DESIGN.md §26; CP (E-Com) Rules 2020 rule 7.
 */
export function returnOffer(facts: { status: string; deliveredAt: number | null; deliveryTo: string | null }, policy: ReturnPolicy, now: number): ReturnOffer {
  if (facts.status !== "Delivered" || facts.deliveredAt === null) {
    return { late: false, deliveredAt: null, day: null, reasons: [], lastDay: null, refusal: RETURN_MESSAGES.notDelivered };
  }
  const deliveredAt = facts.deliveredAt;
  const late = facts.deliveryTo !== null && /^\d{4}-\d{2}-\d{2}$/.test(facts.deliveryTo) && facts.deliveryTo < istDate(deliveredAt);
  const day = Math.max(0, istDayNumber(now) - istDayNumber(deliveredAt));
  const reasons: ReturnOffer["reasons"] = [];
  let longest = 0;
  let lastOpen = -1;
  for (const reason of RETURN_REASONS) {
    const days = reasonWindowDays(reason, policy, late);
    const resolutions = reasonResolutions(reason, policy);
    if (days <= 0 || resolutions.length === 0) continue;
    longest = Math.max(longest, days);
    if (day <= days) {
      reasons.push({ reason, resolutions, lastDay: new Date((istDayNumber(deliveredAt) + days) * DAY_MS).toISOString().slice(0, 10) });
      lastOpen = Math.max(lastOpen, days);
    }
  }
  const deliveredDay = istDayNumber(deliveredAt);
  return {
    late,
    deliveredAt,
    day,
    reasons,
    lastDay: lastOpen >= 0 ? new Date((deliveredDay + lastOpen) * DAY_MS).toISOString().slice(0, 10) : null,
    refusal: reasons.length > 0 ? null : RETURN_MESSAGES.windowClosed(longest, formatIstDate(deliveredAt)),
  };
}

/**
 * Why `reason` with `resolution` cannot be asked today (a sentence, 422), or null when it can.
 * The order's own refusal first (not delivered, window over), then the reason's.
 */
export function reasonRefusal(offer: ReturnOffer, policy: ReturnPolicy, reason: ReturnReason, resolution: ReturnResolution): string | null {
  if (offer.refusal) return offer.refusal;
  const open = offer.reasons.find((entry) => entry.reason === reason);
  if (!open) {
    if (reason === "late" && !offer.late) return RETURN_MESSAGES.notLate;
    const days = reasonWindowDays(reason, policy, offer.late);
    if (days <= 0 || reasonResolutions(reason, policy).length === 0) return RETURN_MESSAGES.changedMindNotAccepted;
    return RETURN_MESSAGES.reasonWindowClosed(days, formatIstDate(offer.deliveredAt ?? 0));
  }
  if (!open.resolutions.includes(resolution)) return resolution === "refund" ? RETURN_MESSAGES.refundNotOffered : RETURN_MESSAGES.exchangeNotOffered;
  return null;
}

/** One request as the order page shows it (times in ms; photos as their private addresses). */
export type ReturnRequestView = {
  id: string;
  status: string;
  resolution: ReturnResolution;
  reason: ReturnReason;
  description: string;
  createdAt: number;
  /** The day it was sent in the page's language ("24 Nov 2026" / "24 नव॰ 2026"), made by the loader (utils/return-view.server.ts `withPageWords`). */
  sentOn?: string;
  /** A rejected request's reason in the page's language, made by the loader (`withPageWords`). */
  rejectedBecause?: string;
  late: boolean;
  rejectReason: string | null;
  pickup: { courier: string; awbNumber: string } | null;
  exchangeShipment: { courier: string; awbNumber: string; trackingUrl: string | null } | null;
  photos: string[];
  lines: { lineIndex: number; name: string; colour: string; quantity: number; exchangeColour: string | null }[];
};

/** The order page's "Returns and exchanges" section and the return form's facts. */
export type ReturnSectionView = {
  /** Whether a request can be sent now (some reason open and some line not yet asked for). */
  open: boolean;
  late: boolean;
  /** The last IST day ("YYYY-MM-DD") any reason is open, or null. */
  lastDay: string | null;
  /** Why no request can be sent (a sentence), or null. */
  refusal: string | null;
  /** Delivered (the section is shown) or not. */
  delivered: boolean;
  reasons: { reason: ReturnReason; resolutions: ReturnResolution[]; lastDay: string }[];
  lines: { lineIndex: number; name: string; image: string; colour: string; bought: number; taken: boolean; exchangeColours: { colour: string; inStock: boolean }[] }[];
  requests: ReturnRequestView[];
};

/** Every line of the order already has a live request (the form has nothing to offer). */
export const ALL_LINES_TAKEN = "A return has already been requested for every watch in this order.";
