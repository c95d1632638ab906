import { LEGAL_REFUND_REASONS, RETURN_REASONS, type ReturnReason } from "~/lib/returns";

/**
 * The store's after-sale policy (issue 45; docs/decisions/0980), decided in one place — the owner's
 * settings at /admin/settings (`store_settings`: `returnWindowDays`, `changedMindReturns`) — and
 * said by every page from here. Pure and isomorphic: no database, no catalogue (the sentences are
 * catalogue keys with their values, namespace `afterSale`, worded in English and Hindi).
 *
 * API (for the return request, the order page, the emails and the policy pages):
 *
 *   returnPolicyOf(settings) → ReturnPolicy
 *     { windowDays, changedMind, refundReasons, exchangeReasons, acceptedReasons, legalWindowDays }
 *     - windowDays: 0–30, the days after the IST delivery date a shopper may return a watch they
 *       changed their mind about (0: no such returns);
 *     - refundReasons: reasons a refund may be chosen for (the legal ones always, `changed_mind`
 *       when the owner allows it);
 *     - exchangeReasons: reasons an exchange may be chosen for (every accepted reason);
 *     - acceptedReasons: reasons a return is accepted for at all (RETURN_REASONS order);
 *     - legalWindowDays: days the LEGAL_REFUND_REASONS stay open (max(windowDays, 30)).
 *   reasonWindowDays(policy, reason) → days after delivery the reason stays open (0: never)
 *   returnChoicesFor(policy, reason, daysSinceDelivery) → { refund, exchange } (both false: refused)
 *   productReturnLine(policy) / orderReturnLine(policy, deliveredIstDate?, todayIstDate?)
 *   / deliveredEmailReturnLine(policy, untilDate) → { key, values } for `t`/`translate`
 *   returnPolicyValues(policy, translateKey) → the policy pages' `{{policy.*}}` placeholders
 *
 * "Days since delivery" counts IST calendar days: the delivery day is day 0, the next day day 1,
 * and day N (= the window) is the last day in (issue 45 item 2: day 8 is refused with a 7-day window).
 */

/** What a change of mind may bring (the owner's choice): a refund (or an exchange), only an exchange, or nothing. */
export const CHANGED_MIND_POLICIES = ["refund", "exchange", "none"] as const;
export type ChangedMindPolicy = (typeof CHANGED_MIND_POLICIES)[number];

/** The default window: SPEC.md §2's product line "Easy return and exchange policy within 7 days". */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
/** The longest window the owner may set, days. */
export const MAX_RETURN_WINDOW_DAYS = 30;
/** The default for a change of mind: a refund or an exchange, as Flipkart and Amazon.in give watches. */
export const DEFAULT_CHANGED_MIND_POLICY: ChangedMindPolicy = "refund";
/**
 * The days after delivery a watch stays returnable for a legal reason (defective, not as described,
 * wrong, damaged in transit, late) whatever the owner's window: never less than this (Consumer
 * Protection (E-Commerce) Rules 2020, rule 7(2)(b) forbids refusing such a return; the month matches
 * the grievance rules' resolution time; after it the warranty policy applies). docs/decisions/0980.
 */
export const LEGAL_RETURN_DAYS = 30;

/** The two settings the policy is made of (lib/store-settings.ts `StoreSettings` has them). */
export type AfterSaleSettings = { returnWindowDays: number; changedMindReturns: ChangedMindPolicy };

export type ReturnPolicy = {
  /** Days after the IST delivery date a change-of-mind return stays open, 0–30 (0: none). */
  windowDays: number;
  /** What a change of mind brings within the window. */
  changedMind: ChangedMindPolicy;
  /** Reasons a refund may be chosen for, in RETURN_REASONS order. */
  refundReasons: ReturnReason[];
  /** Reasons an exchange may be chosen for (every accepted reason), in RETURN_REASONS order. */
  exchangeReasons: ReturnReason[];
  /** Reasons a return is accepted for at all, in RETURN_REASONS order. */
  acceptedReasons: ReturnReason[];
  /** Days the legal reasons stay open after delivery: max(windowDays, LEGAL_RETURN_DAYS). */
  legalWindowDays: number;
};

/**
 * The policy `settings` say (issue 45; docs/decisions/0980): the LEGAL_REFUND_REASONS always allow a
 * refund or an exchange (rule 7(2)(b)); `changed_mind` allows a refund or an exchange ("refund"),
 * only an exchange ("exchange") or nothing ("none"), and nothing when the window is 0.
 */
export function returnPolicyOf(settings: AfterSaleSettings): ReturnPolicy {
  const windowDays = Math.max(0, Math.min(MAX_RETURN_WINDOW_DAYS, Math.trunc(settings.returnWindowDays)));
  const changedMind: ChangedMindPolicy = windowDays === 0 ? "none" : settings.changedMindReturns;
  const legal = (reason: ReturnReason) => LEGAL_REFUND_REASONS.includes(reason);
  const refundReasons = RETURN_REASONS.filter((reason) => legal(reason) || (reason === "changed_mind" && changedMind === "refund"));
  const exchangeReasons = RETURN_REASONS.filter((reason) => legal(reason) || (reason === "changed_mind" && changedMind !== "none"));
  return { windowDays, changedMind, refundReasons, exchangeReasons, acceptedReasons: exchangeReasons, legalWindowDays: Math.max(windowDays, LEGAL_RETURN_DAYS) };
}

/** The days after the IST delivery date `reason` stays open under `policy` (0: not accepted): the legal reasons `legalWindowDays`, a change of mind `windowDays`. */
export function reasonWindowDays(policy: ReturnPolicy, reason: ReturnReason): number {
  if (LEGAL_REFUND_REASONS.includes(reason)) return policy.legalWindowDays;
  return policy.acceptedReasons.includes(reason) ? policy.windowDays : 0;
}

/**
 * What a shopper may ask for with `reason`, `daysSinceDelivery` IST days after the delivery date
 * (0 = the delivery day): `{ refund, exchange }`, both false when the reason is refused then.
 */
export function returnChoicesFor(policy: ReturnPolicy, reason: ReturnReason, daysSinceDelivery: number): { refund: boolean; exchange: boolean } {
  const open = daysSinceDelivery >= 0 && daysSinceDelivery <= reasonWindowDays(policy, reason);
  return { refund: open && policy.refundReasons.includes(reason), exchange: open && policy.exchangeReasons.includes(reason) };
}

/** A sentence as a catalogue key and its values, for `useT().t` in a component or `translate` in a loader. */
/**
 * The catalogue keys the policy's sentences use (namespace `afterSale` of app/i18n/catalogues): a
 * list of its own, since lib sits beside i18n and may not import it (docs/decisions/0510); the
 * utils that word a sentence assign `key` to a MessageKey, so a key missing from the catalogue
 * fails the typecheck there.
 */
export type AfterSaleKey = "afterSale.emailExchangeUntil" | "afterSale.emailLegalUntil" | "afterSale.emailRefundUntil" | "afterSale.orderLineClosed" | "afterSale.orderLineExchange" | "afterSale.orderLineExchangeUntil" | "afterSale.orderLineLegalOnly" | "afterSale.orderLineLegalUntil" | "afterSale.orderLineRefund" | "afterSale.orderLineRefundUntil" | "afterSale.pageChangedMindExchange" | "afterSale.pageChangedMindNone" | "afterSale.pageChangedMindRefund" | "afterSale.productLineExchange" | "afterSale.productLineLegalOnly" | "afterSale.productLineRefund";
export type PolicySentence = { key: AfterSaleKey; values?: Record<string, string | number> };

/**
 * The product page's line (SPEC.md §2 fixes its place; "Easy return and exchange policy within 7
 * days" word for word with the default settings): a change of mind refunded → "Easy return and
 * exchange policy within N days"; exchanged only → "Easy exchange within N days…"; not accepted (or
 * a window of 0) → "Returns only for defective, wrong or damaged watches".
 */
export function productReturnLine(policy: ReturnPolicy): PolicySentence {
  if (policy.changedMind === "refund") return { key: "afterSale.productLineRefund", values: { count: policy.windowDays } };
  if (policy.changedMind === "exchange") return { key: "afterSale.productLineExchange", values: { count: policy.windowDays } };
  return { key: "afterSale.productLineLegalOnly" };
}

/**
 * The order page's one-line policy fact. Before delivery (`deliveredOn` null): "Returns and
 * exchanges within N days of delivery" (or exchanges only, or the legal reasons only). Once
 * delivered on `deliveredOn` (a formatted date for the `until` value is `untilText`): "Returns and
 * exchanges until DATE" while `daysSinceDelivery` ≤ the window, then the legal reasons' sentence.
 */
export function orderReturnLine(
  policy: ReturnPolicy,
  delivered: { daysSinceDelivery: number; untilText: string; legalUntilText: string } | null,
): PolicySentence {
  if (delivered === null) {
    if (policy.changedMind === "refund") return { key: "afterSale.orderLineRefund", values: { count: policy.windowDays } };
    if (policy.changedMind === "exchange") return { key: "afterSale.orderLineExchange", values: { count: policy.windowDays } };
    return { key: "afterSale.orderLineLegalOnly", values: { count: policy.legalWindowDays } };
  }
  if (policy.changedMind !== "none" && delivered.daysSinceDelivery <= policy.windowDays) {
    return { key: policy.changedMind === "refund" ? "afterSale.orderLineRefundUntil" : "afterSale.orderLineExchangeUntil", values: { date: delivered.untilText } };
  }
  if (delivered.daysSinceDelivery <= policy.legalWindowDays) return { key: "afterSale.orderLineLegalUntil", values: { date: delivered.legalUntilText } };
  return { key: "afterSale.orderLineClosed" };
}

/** The delivered email's return line: until `untilText` (the window's last day), or the legal reasons' until `legalUntilText`. */
export function deliveredEmailReturnLine(policy: ReturnPolicy, untilText: string, legalUntilText: string): PolicySentence {
  if (policy.changedMind === "refund") return { key: "afterSale.emailRefundUntil", values: { date: untilText } };
  if (policy.changedMind === "exchange") return { key: "afterSale.emailExchangeUntil", values: { date: untilText } };
  return { key: "afterSale.emailLegalUntil", values: { date: legalUntilText } };
}

/**
 * The policy pages' placeholders (utils/content.server.ts fills `{{policy.*}}` in app/content/*.md):
 * `policy.windowDays`, `policy.legalDays` (figures) and `policy.changedMind` (a paragraph: what a
 * change of mind brings), `policy.productLine` (the product page's line), each in the page's
 * language through `say` (messages.server.ts `translate`).
 */
export function returnPolicyValues(policy: ReturnPolicy, say: (sentence: PolicySentence) => string): Record<string, string> {
  const changedMind: PolicySentence =
    policy.changedMind === "refund"
      ? { key: "afterSale.pageChangedMindRefund", values: { count: policy.windowDays } }
      : policy.changedMind === "exchange"
        ? { key: "afterSale.pageChangedMindExchange", values: { count: policy.windowDays } }
        : { key: "afterSale.pageChangedMindNone" };
  return {
    "policy.windowDays": String(policy.windowDays),
    "policy.legalDays": String(policy.legalWindowDays),
    "policy.changedMind": say(changedMind),
    "policy.productLine": say(productReturnLine(policy)),
  };
}
