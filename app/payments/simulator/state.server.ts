import crypto from "node:crypto";
import type { RecordedRequest, RefundOutcome, SimCustomer, SimLink, SimOrder, SimulatorFault, SimulatorOptions, TerminateMode } from "./types";

/** The route the store serves the hosted page under when `hostedBaseUrl` is not set (routes/payments.simulator.$.ts). */
export const SIM_HOSTED_ROUTE = "/payments/simulator";

/**
 * One simulator's memory: orders (also by payment session id), payment links (also by slug),
 * idempotency keys, pending faults and the requests seen, each map capped at `maxEntries`
 * (oldest first out), with the clock and the id sequence. Handlers take it as their first argument.
 */
export type SimulatorState = ReturnType<typeof createSimulatorState>;

/** A fresh, empty simulator memory for `options` (clock: `options.now`, default Date.now; cap: `maxEntries`, default 5000). */
export function createSimulatorState(options: SimulatorOptions) {
  const now = options.now ?? (() => Date.now());
  const fetchImpl = options.fetch ?? fetch;
  const maxEntries = options.maxEntries ?? 5000;
  const orders = new Map<string, SimOrder>();
  const sessions = new Map<string, SimOrder>();
  const links = new Map<string, SimLink>();
  const linkSlugs = new Map<string, SimLink>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const faults: SimulatorFault[] = [];
  const requests: RecordedRequest[] = [];
  // The test controls (types.ts CashfreeSimulator.setRefundOutcome …), by scope: "" = every order.
  const refundPlans: Array<{ for: string; outcome: RefundOutcome; pendingReads: number }> = [];
  const terminateModes = new Map<string, TerminateMode>();
  const surcharges = new Map<string, number>();
  let sequence = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const nextId = () => ++sequence;

  /** Drops the oldest entries of `map` beyond the cap, telling `onDrop` of each. */
  function trim<K, V>(map: Map<K, V>, onDrop?: (value: V) => void) {
    while (map.size > maxEntries) {
      const first = map.keys().next();
      if (first.done) return;
      const value = map.get(first.value)!;
      map.delete(first.value);
      onDrop?.(value);
    }
  }

  /** Where hosted pages live: `hostedBaseUrl`, else the return URL's origin + SIM_HOSTED_ROUTE (localhost when it has none). */
  function hostedBase(returnUrl: string | null | undefined): string {
    if (options.hostedBaseUrl) return options.hostedBaseUrl.replace(/\/+$/, "");
    try {
      return new URL(returnUrl ?? "").origin + SIM_HOSTED_ROUTE;
    } catch {
      return `http://localhost${SIM_HOSTED_ROUTE}`;
    }
  }

  /** A new ACTIVE order with a fresh payment session id, stored by id and by session (the oldest beyond the cap go). */
  function newOrder(input: {
    orderId: string;
    amountPaise: number;
    customer: SimCustomer;
    returnUrl: string | null;
    notifyUrl: string | null;
    note: string | null;
    tags: Record<string, string> | null;
    expiresAt?: number | null;
  }): SimOrder {
    const order: SimOrder = {
      cfOrderId: nextId(),
      ...input,
      expiresAt: input.expiresAt ?? null,
      status: "ACTIVE",
      sessionId: `session_${crypto.randomBytes(24).toString("base64url")}`,
      createdAt: now(),
      payments: [],
      refunds: [],
    };
    orders.set(order.orderId, order);
    sessions.set(order.sessionId, order);
    trim(orders, (dropped) => sessions.delete(dropped.sessionId));
    return order;
  }

  /** The scopes an order answers to, most specific first: its order_id, its link's id (a link payment's order), then "" (every order). */
  function scopesOf(order: SimOrder): string[] {
    const linkId = order.tags?.link_id;
    return [order.orderId, ...(linkId ? [linkId] : []), ""];
  }

  /** The control of `map` that applies to `order` (its most specific scope), or undefined. */
  function controlFor<V>(map: Map<string, V>, order: SimOrder): V | undefined {
    for (const scope of scopesOf(order)) if (map.has(scope)) return map.get(scope);
    return undefined;
  }

  /** Takes the oldest refund plan that applies to `order` (its own scope before "every order"); default SUCCESS after 0 reads. */
  function takeRefundPlan(order: SimOrder): { outcome: RefundOutcome; pendingReads: number } {
    for (const scope of scopesOf(order)) {
      const index = refundPlans.findIndex((plan) => plan.for === scope);
      if (index >= 0) {
        const [plan] = refundPlans.splice(index, 1);
        return { outcome: plan.outcome, pendingReads: plan.pendingReads };
      }
    }
    return { outcome: "SUCCESS", pendingReads: 0 };
  }

  /** The surcharge (paise) a payment on `order` carries now: 0 without a control. */
  function surchargeFor(order: SimOrder): number {
    return controlFor(surcharges, order) ?? 0;
  }

  /** How a terminate of `order` answers now: `immediate` without a control. */
  function terminateModeFor(order: SimOrder): TerminateMode {
    return controlFor(terminateModes, order) ?? "immediate";
  }

  return {
    options,
    now,
    fetchImpl,
    orders,
    sessions,
    links,
    linkSlugs,
    idempotent,
    faults,
    requests,
    refundPlans,
    terminateModes,
    surcharges,
    nextId,
    trim,
    hostedBase,
    newOrder,
    takeRefundPlan,
    surchargeFor,
    terminateModeFor,
  };
}
