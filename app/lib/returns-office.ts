import { formatPaise } from "~/lib/money";
import type { ReturnRejectReason } from "~/lib/returns";

/**
 * The words of the back office's return steps (issue 45 item 3; docs/decisions/0984): the reject
 * reasons in English and Hindi (the staff form, the shopper's email and order page) and the staff
 * timeline's line for an `order_events` row of kind `return`. Pure and isomorphic.
 */

/** lib/returns `RETURN_REJECT_REASONS` in words, by language. */
export const RETURN_REJECT_REASON_WORDS: Record<"en" | "hi", Record<ReturnRejectReason, string>> = {
  en: {
    outside_window: "The return was asked for after the return window closed.",
    not_original_condition: "The watch is not in its original condition.",
    missing_parts: "Parts, tags, the box or papers are missing.",
    used_or_worn: "The watch has been used or worn.",
    photos_do_not_show_problem: "The photos do not show the problem described.",
    not_our_product: "The watch is not the one we delivered.",
  },
  hi: {
    outside_window: "रिटर्न का अनुरोध रिटर्न की अवधि खत्म होने के बाद किया गया।",
    not_original_condition: "घड़ी अपनी मूल हालत में नहीं है।",
    missing_parts: "पुर्ज़े, टैग, डिब्बा या कागज़ात गायब हैं।",
    used_or_worn: "घड़ी इस्तेमाल की गई है या पहनी गई है।",
    photos_do_not_show_problem: "फ़ोटो में बताई गई समस्या नहीं दिखती।",
    not_our_product: "यह वह घड़ी नहीं है जो हमने डिलीवर की थी।",
  },
};

/** A reject reason's words, or the key itself when unknown. */
export function rejectReasonWords(reason: string | null | undefined, language: "en" | "hi" = "en"): string {
  return (RETURN_REJECT_REASON_WORDS[language] as Record<string, string>)[reason ?? ""] ?? String(reason ?? "");
}

/** The steps staff take on a request; each is an `order_events` row of kind `return` with `details.step`. */
export const RETURN_STEPS = ["approved", "rejected", "pickup_scheduled", "received", "refunded", "exchanged"] as const;
export type ReturnStep = (typeof RETURN_STEPS)[number];

/** A status in the staff's words. */
export const RETURN_STATUS_WORDS: Record<string, string> = {
  requested: "Requested",
  approved: "Approved",
  rejected: "Rejected",
  pickup_scheduled: "Pickup scheduled",
  received: "Received",
  refunded: "Refunded",
  exchanged: "Exchanged",
};

const rupees = (paise: unknown) => (typeof paise === "number" ? formatPaise(paise) : "");

/**
 * The staff timeline's words for an `order_events` row of kind `return` (details `{ returnId,
 * step, … }`): "Return rt_… approved", "… rejected: <reason>", "… pickup scheduled — Courier, AWB
 * N", "… received: 1 good, 0 damaged", "… refunded ₹1,000.50 (through Cashfree)", "… exchange
 * shipped — Courier, AWB N". A step written by the shopper's side (`requested`) reads "Return
 * rt_… requested".
 */
export function describeReturnEvent(details: Record<string, unknown>): string {
  const id = typeof details.returnId === "string" ? details.returnId : "";
  const head = `Return ${id}`;
  switch (details.step) {
    case "requested":
      return `${head} requested${typeof details.resolution === "string" ? ` (${details.resolution})` : ""}`;
    case "approved":
      return `${head} approved`;
    case "rejected":
      return `${head} rejected: ${rejectReasonWords(details.reason as string)}`;
    case "pickup_scheduled":
      return `${head} pickup scheduled — ${String(details.courier ?? "")}, AWB ${String(details.awbNumber ?? "")}`;
    case "received":
      return `${head} received: ${Number(details.good ?? 0)} good, ${Number(details.damaged ?? 0)} damaged`;
    case "refunded":
      return `${head} refunded ${rupees(details.amountPaise)} (${details.via === "cashfree" ? "through Cashfree" : "made elsewhere"})`;
    case "exchanged":
      return `${head} exchange shipped — ${String(details.courier ?? "")}, AWB ${String(details.awbNumber ?? "")}`;
    default:
      return `${head} ${String(details.step ?? "")}`.trim();
  }
}

/** The facts of a step the shopper's email tells (besides the lines). */
export type ReturnStepFacts = { rejectReason?: string; courier?: string; awbNumber?: string; trackingUrl?: string | null; good?: number; damaged?: number; resolution?: string };

const DETAIL_WORDS = {
  en: {
    reason: (words: string) => `Reason: ${words}`,
    askAgain: "If the watch is defective, damaged, wrong, not as described or came late, you can still ask for a return from your order page.",
    courier: (name: string) => `Courier: ${name}`,
    awb: (number: string) => `AWB (tracking) number: ${number}`,
    track: (url: string) => `Track it: ${url}`,
    inspected: (good: number, damaged: number) => `Units in good condition: ${good}. Units damaged: ${damaged}.`,
    nextRefund: "We will now refund what you paid for it, and email you when it is done.",
    nextExchange: "We will now ship the watch you asked for in exchange, and email you its courier and AWB number.",
  },
  hi: {
    reason: (words: string) => `वजह: ${words}`,
    askAgain: "अगर घड़ी खराब है, टूटी-फूटी पहुँची, गलत है, बताए अनुसार नहीं है या देर से पहुँची, तो आप अब भी अपने ऑर्डर के पेज से रिटर्न माँग सकते हैं।",
    courier: (name: string) => `कूरियर: ${name}`,
    awb: (number: string) => `AWB (ट्रैकिंग) नंबर: ${number}`,
    track: (url: string) => `ट्रैक करें: ${url}`,
    inspected: (good: number, damaged: number) => `अच्छी हालत में यूनिट: ${good}। खराब यूनिट: ${damaged}।`,
    nextRefund: "अब हम आपके चुकाए पैसे रिफ़ंड करेंगे, और हो जाने पर आपको ईमेल करेंगे।",
    nextExchange: "अब हम बदले में माँगी गई घड़ी भेजेंगे, और उसका कूरियर और AWB नंबर आपको ईमेल करेंगे।",
  },
} as const;

/**
 * The step's own paragraphs of the shopper's `return_update` email (lib/order-emails
 * `ReturnEmailFacts.details`), in the request's language: the reject reason (and that a legal
 * reason may still be asked), the pickup's or exchange's courier and AWB, the inspection's units.
 */
export function returnStepDetails(step: string, facts: ReturnStepFacts, language: "en" | "hi"): string[] {
  const w = DETAIL_WORDS[language];
  switch (step) {
    case "rejected":
      return [w.reason(rejectReasonWords(facts.rejectReason, language)), w.askAgain];
    case "pickup_scheduled":
      return [w.courier(facts.courier ?? ""), w.awb(facts.awbNumber ?? "")];
    case "received":
      return [w.inspected(facts.good ?? 0, facts.damaged ?? 0), facts.resolution === "exchange" ? w.nextExchange : w.nextRefund];
    case "exchanged":
      return [w.courier(facts.courier ?? ""), w.awb(facts.awbNumber ?? ""), ...(facts.trackingUrl ? [w.track(facts.trackingUrl)] : [])];
    default:
      return [];
  }
}
