import { z } from "zod";
import { RETURN_REJECT_REASONS } from "~/constants/returns";
import { plainText } from "~/schemas/text";

/**
 * The back office's return steps and the cash-on-delivery shopper's payout details (issue 45
 * items 3 and 4; docs/decisions/0984, 0985). Isomorphic: the admin routes, the shopper's payout
 * form and services/returns-admin.server.ts parse with them. The shopper-facing sentences
 * (`PAYOUT_MESSAGES`) have their Hindi in the phrasebook (app/i18n/catalogues/phrases.hi.server.ts,
 * group `returnPayout`).
 */

/** A return request's id: "rt_" and 24 hex digits (services/returns.server.ts). */
export const returnIdSchema = z.string().regex(/^rt_[0-9a-f]{24}$/);

/** Why staff reject a request: one of lib/returns `RETURN_REJECT_REASONS`. */
export const rejectReturnSchema = z.object({
  reason: z.enum(RETURN_REJECT_REASONS, { error: "Choose why the return is rejected." }),
});

/** A courier and AWB number: the reverse pickup, or the exchange's shipment (with an optional tracking URL), as admin-orders' shipmentSchema words them. */
function courierFields(what: string) {
  return {
    courier: plainText(
      z.string({ error: `Enter the courier's name of the ${what}.` }).trim().min(1, `Enter the courier's name of the ${what}.`).max(60, "The courier's name can be at most 60 characters."),
      "The courier's name",
    ),
    awbNumber: z
      .string({ error: `Enter the AWB (tracking) number of the ${what}.` })
      .trim()
      .min(1, `Enter the AWB (tracking) number of the ${what}.`)
      .regex(/^[A-Za-z0-9-]{3,40}$/, "The AWB number is 3 to 40 letters, digits or dashes."),
  };
}

/** The reverse pickup: courier and AWB (issue 45 item 3). */
export const pickupSchema = z.object(courierFields("pickup"));
export type Pickup = z.output<typeof pickupSchema>;

/** The exchange's shipment: courier, AWB and an optional tracking link (the shipment rules of app/schemas/admin-orders.ts). */
export const exchangeShipmentSchema = z.object({
  ...courierFields("exchange's shipment"),
  // The form's empty field (nothing typed) is no link, before the link's shape is checked.
  trackingUrl: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? null : value),
      z
        .string()
        .trim()
        .max(500, "The tracking link can be at most 500 characters.")
        .regex(/^https?:\/\/[^\s<>"]+$/i, "The tracking link must start with https:// or http://.")
        .nullish(),
    )
    .transform((value) => value || null),
});
export type ExchangeShipment = z.output<typeof exchangeShipmentSchema>;

const units = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label} units as a whole number.` })
    .int(`Enter the ${label} units as a whole number.`)
    .min(0, `The ${label} units cannot be less than 0.`)
    .max(1000, `The ${label} units can be at most 1000.`);

/** What came back of one line: good and damaged units (good + damaged ≤ the line's quantity; the service checks the quantity). */
export const receivedLineSchema = z.object({
  lineIndex: z.coerce.number().int().min(0).max(999),
  good: units("good"),
  damaged: units("damaged"),
});
export type ReceivedLine = z.output<typeof receivedLineSchema>;

/** The inspection: one entry per returned line. */
export const receivedSchema = z.object({ lines: z.array(receivedLineSchema).min(1, "Enter what came back of each line.").max(100) });

/** Reads the "received" form: fields `good-{lineIndex}` and `damaged-{lineIndex}` for each line index given. */
export function receivedFromForm(form: FormData, lineIndexes: readonly number[]) {
  return receivedSchema.safeParse({
    lines: lineIndexes.map((lineIndex) => ({ lineIndex, good: form.get(`good-${lineIndex}`) ?? "", damaged: form.get(`damaged-${lineIndex}`) ?? "" })),
  });
}

/** The COD refund's bank or UPI reference (UTR), optional: one line of plain text. */
export const payoutReferenceSchema = plainText(z.string().trim().max(100, "The reference can be at most 100 characters."), "The reference")
  .nullish()
  .transform((value) => value || null);

// ---------------------------------------------------------------------------------------------
// The cash-on-delivery shopper's payout details (issue 45 item 4)

/** The payout form's sentences, in English; the phrasebook's group `returnPayout` has their Hindi. */
export const PAYOUT_MESSAGES = {
  kind: "Choose UPI or bank account.",
  upi: "Enter a UPI ID such as name@bank.",
  accountName: "Enter the account holder's name.",
  accountNameLong: "The account holder's name can be at most 100 characters.",
  accountNumber: "Enter the account number: 9 to 18 digits.",
  ifsc: "Enter the IFSC: 11 characters, such as SBIN0001234.",
  control: "Your details must not contain control characters.",
} as const;

/** A UPI virtual payment address: name@bank (NPCI: 2–256 characters before @, a 2–64 letter handle). */
const UPI_ID = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;
/** Indian bank account numbers: 9 to 18 digits. */
const ACCOUNT_NUMBER = /^\d{9,18}$/;
/** IFSC (RBI): 4 letters (the bank), 0, 6 letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/**
 * The payout details a cash-on-delivery shopper gives for a refund (issue 45 item 4): a UPI ID
 * (name@bank) or a bank account (holder's name, 9–18 digits, IFSC checked for shape; spaces are
 * dropped and the IFSC upper-cased). Fails with the `PAYOUT_MESSAGES` sentences.
 */
export const payoutSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("upi"),
      upiId: z.string({ error: PAYOUT_MESSAGES.upi }).trim().regex(UPI_ID, PAYOUT_MESSAGES.upi),
    }),
    z.object({
      kind: z.literal("bank"),
      accountName: plainText(z.string({ error: PAYOUT_MESSAGES.accountName }).trim().min(1, PAYOUT_MESSAGES.accountName).max(100, PAYOUT_MESSAGES.accountNameLong), "Your details").refine(
        (value) => /\p{L}/u.test(value),
        PAYOUT_MESSAGES.accountName,
      ),
      accountNumber: z
        .string({ error: PAYOUT_MESSAGES.accountNumber })
        .transform((value) => value.replace(/[\s-]/g, ""))
        .pipe(z.string().regex(ACCOUNT_NUMBER, PAYOUT_MESSAGES.accountNumber)),
      ifsc: z
        .string({ error: PAYOUT_MESSAGES.ifsc })
        .transform((value) => value.replace(/\s/g, "").toUpperCase())
        .pipe(z.string().regex(IFSC, PAYOUT_MESSAGES.ifsc)),
    }),
  ],
  { error: PAYOUT_MESSAGES.kind },
);
export type Payout = z.output<typeof payoutSchema>;

/** The payout as staff see it outside the refund step: the UPI handle or the account's last 4 digits (the rest masked). */
export function maskedPayout(payout: Payout): string {
  if (payout.kind === "upi") {
    const [name, bank] = payout.upiId.split("@");
    return `UPI ${name.slice(0, 2)}${"•".repeat(Math.max(1, name.length - 2))}@${bank}`;
  }
  return `Bank account ••••${payout.accountNumber.slice(-4)}, IFSC ${payout.ifsc}, ${payout.accountName.slice(0, 1)}${"•".repeat(3)}`;
}

/** The payout as its shopper sees it back (their order page): the kind and the masked identifier, without words of a language. */
export function shopperMaskedPayout(payout: Payout): { kind: "upi" | "bank"; masked: string } {
  if (payout.kind === "upi") {
    const [name, bank] = payout.upiId.split("@");
    return { kind: "upi", masked: `${name.slice(0, 2)}${"•".repeat(Math.max(1, name.length - 2))}@${bank}` };
  }
  return { kind: "bank", masked: `••••${payout.accountNumber.slice(-4)} (${payout.ifsc})` };
}

/** The payout in full (the refund step only). */
export function fullPayout(payout: Payout): string {
  return payout.kind === "upi" ? `UPI ${payout.upiId}` : `Bank account ${payout.accountNumber}, IFSC ${payout.ifsc}, ${payout.accountName}`;
}

/** Reads stored payout_json; null when absent or unreadable. */
export function readPayout(json: string | null): Payout | null {
  if (!json) return null;
  try {
    const parsed = payoutSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
