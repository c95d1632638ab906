import crypto from "node:crypto";
import type { RecordedRequest, SimLink, SimOrder, SimulatorFault, SimulatorOptions } from "./types";

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
    customer: Record<string, string | null>;
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

  return { options, now, fetchImpl, orders, sessions, links, linkSlugs, idempotent, faults, requests, nextId, trim, hostedBase, newOrder };
}
