import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_FEE_PAISE } from "~/constants/store";
import type { DB } from "~/db/db.server";
import { markCatalogueChanged } from "~/db/products.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { saveDeliveryRules } from "~/services/delivery.server";
import { setProductStock } from "~/services/stock.server";
import { ADDRESS } from "../fixtures/address";
import { startCluster, type Cluster, type ClusterStore } from "../setup/cluster";

/**
 * Many processes, one store (issue 49 items 3–4; docs/decisions/1020–1022): two production stores
 * behind HAProxy (deploy/haproxy.cfg), on one PostgreSQL through PgBouncer in transaction mode
 * (deploy/pgbouncer.ini), with a real SMTP server and one Cashfree stand-in (tests/setup/cluster.ts).
 * Under a mixed load of shoppers — browsing, carts, cash-on-delivery orders, online orders paid or
 * failed at Cashfree with its webhooks coming back through the balancer, the shopper's own
 * verification — it proves:
 * - kill -9 of a random store at random moments, several rounds: every acknowledged order present
 *   and whole, no order paid twice, each email sent exactly once (counted at the SMTP server by
 *   Message-ID), each failed order's hold released once, stock never below zero and equal to the
 *   sum of its movements;
 * - a rolling restart (each store SIGTERMed — /readyz 503 while it drains — and started again in
 *   turn) under load: zero failed requests at the balancer;
 * - a price change seen on both stores within 1 s, and never reverted.
 */

const SUFFIX = "cluster";
const KILL_ROUNDS = 3;
/** Watches an order is drawn from: priced so that six fit the cash-on-delivery limit, no colours kept apart. */
const STOCK_EACH = 100_000;
const COD_MAX_PAISE = 100_000_000;
const SHOPPERS = 8;
/**
 * How long after an email's 250 a kill may come for its second copy to be the kill's (the sender
 * died between the server having the whole message and the commit of `sent_at`): a few ms at rest,
 * but the sender shares its event loop with page renders, and on a loaded two-core CI machine that
 * step was seen to take over 250 ms. The window opens at the end of the message's DATA (its final
 * dot), not at the 250: the SMTP stand-in answers from the test's own busy process, so a kill
 * between the sender's final dot and the stand-in's 250 is the same case, with the 250 after it.
 */
const KILL_WINDOW_MS = 3_000;
/** Online orders a shopper places at most (the payments limit is 10 unpaid an hour). */
const ONLINE_PER_SHOPPER = 6;

const haveParts = ["/usr/sbin/haproxy", "/usr/sbin/pgbouncer"].every((file) => fs.existsSync(file));
const runnable = Boolean(process.env.TEST_DATABASE_URL) && haveParts;
// CI installs both (.ci/run): there a missing part is a failure, not a skip.
if (process.env.CI && !runnable) throw new Error("the cluster test needs TEST_DATABASE_URL, /usr/sbin/haproxy and /usr/sbin/pgbouncer");

type Answer = { ok: true; status: number; body: Record<string, unknown> } | { ok: false; error: string };
type Shopper = { email: string; token: string; onlineOrders: number; codOrders: number; inCart: Set<string> };
type Item = { _id: string; size: string; quantity: number };
type Placed = {
  method: "cod" | "cashfree";
  key: string;
  shopper: Shopper;
  items: Item[];
  expectedPaise: number;
  /** The order id an answer named (acknowledged), else null. */
  orderId: string | null;
  /** What Cashfree was told (online orders): paid, failed, or not yet. */
  outcome: "SUCCESS" | "FAILED" | null;
  /** The last answer to a place request that did not acknowledge it. */
  last?: string;
};

/** Failures counted by their first 90 characters, most first: a readable assertion. */
function tallied(failures: string[]): string[] {
  const counts = new Map<string, number>();
  for (const failure of failures) counts.set(failure.slice(0, 90), (counts.get(failure.slice(0, 90)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([text, n]) => `${n} × ${text}`);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function send(url: string, init: RequestInit = {}): Promise<Answer> {
  // Each request carries an id of its own, which the stores (TRUST_PROXY=true) log as theirs.
  const requestId = `t-${crypto.randomUUID()}`;
  const sentAt = new Date().toISOString();
  try {
    const response = await fetch(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), "x-request-id": requestId }, redirect: "manual", signal: AbortSignal.timeout(30_000) });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { text: text.slice(0, 200) };
    }
    return { ok: true, status: response.status, body };
  } catch (error) {
    const cause = (error as Error).cause as (Error & { socket?: { localPort?: number; bytesWritten?: number; bytesRead?: number } }) | undefined;
    // undici's SocketError names the connection: its port finds the balancer's line of it.
    const socket = cause?.socket ? ` on port ${cause.socket.localPort}, ${cause.socket.bytesWritten} bytes sent, ${cause.socket.bytesRead} read` : "";
    return { ok: false, error: `${String(cause ?? error)}${socket}, sent at ${sentAt}, failed at ${new Date().toISOString()}, request id ${requestId}` };
  }
}

function show(answer: Answer): string {
  return answer.ok ? `${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}` : `no answer (${answer.error})`;
}

const api = (base: string, path: string, body: unknown, token?: string, key?: string) =>
  send(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { token } : {}), ...(key ? { "idempotency-key": key } : {}) },
    body: JSON.stringify(body),
  });

/** Tallies of a load: answers by kind, and the failures with what they were. */
type Tally = { requests: number; failures: string[] };

describe.skipIf(!runnable)("many processes, one store: HAProxy, two stores, PgBouncer, one PostgreSQL", () => {
  let cluster: Cluster;
  let db: DB;
  /** Watches the shoppers order: id → price, paise. */
  let watches: Map<string, number>;

  beforeAll(async () => {
    cluster = await startCluster({
      suffix: SUFFIX,
      // Info: each request's line, so a failed one can be found in the stores' logs by its id.
      env: { RATE_LIMIT_ADDRESS_PER_MIN: "100000", RATE_LIMIT_LOGIN_FAILURES_PER_MIN: "1000", LOG_LEVEL: "info" },
    });
    db = cluster.database.open();
    await saveDeliveryRules(db, { ...DEFAULT_DELIVERY_RULES, codMaxPaise: COD_MAX_PAISE }, { id: null, email: "test:cluster" });
    const rows = await db.selectFrom("products").select(["id", "price_paise", "colours", "stock"]).where("hidden", "=", 0).orderBy("id").execute();
    const chosen = rows.filter((row) => (JSON.parse(row.colours) as string[]).length === 0 && 6 * Number(row.price_paise) + DELIVERY_FEE_PAISE <= COD_MAX_PAISE).slice(0, 8);
    expect(chosen.length, "plain watches in the demo catalogue").toBeGreaterThanOrEqual(4);
    // Every watch the shoppers order has stock the store tracks, set as the back office sets it.
    await db.transaction().execute(async (trx) => {
      for (const row of chosen) {
        await setProductStock(trx, row.id, STOCK_EACH, { reason: "edit", actor: "test:cluster", now: Date.now(), before: row.stock === null ? null : Number(row.stock) });
      }
    });
    watches = new Map(chosen.map((row) => [row.id, Number(row.price_paise)]));
  }, 300_000);

  afterAll(async () => {
    await db?.destroy();
    await cluster?.close();
  }, 60_000);

  /** A shopper signed up through the balancer. */
  async function signUp(label: string): Promise<Shopper> {
    const email = `${label}-${crypto.randomBytes(5).toString("hex")}@example.in`;
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const answer = await api(cluster.url, "/api/user/register", { name: "Asha Rao", email, password: `Cluster-${crypto.randomBytes(6).toString("hex")}` });
      if (answer.ok && answer.status === 200 && typeof answer.body.token === "string") return { email, token: answer.body.token, onlineOrders: 0, codOrders: 0, inCart: new Set() };
      await sleep(300);
    }
    throw new Error(`could not sign up ${email}`);
  }

  function pick<T>(items: readonly T[]): T {
    return items[crypto.randomInt(items.length)];
  }

  function orderItems(): Item[] {
    const ids = [...watches.keys()].sort(() => crypto.randomInt(3) - 1).slice(0, 1 + crypto.randomInt(2));
    return ids.map((id) => ({ _id: id, size: "default", quantity: 1 + crypto.randomInt(2) }));
  }

  const priced = (items: Item[]) => items.reduce((sum, item) => sum + watches.get(item._id)! * item.quantity, 0) + DELIVERY_FEE_PAISE;

  /**
   * Makes the shopper's cart hold exactly `items` (lines of an earlier unpaid order set to 0):
   * answers the failed edits' answers (none: the cart is ready).
   */
  async function fillCart(shopper: Shopper, items: Item[]): Promise<Answer[]> {
    const failed: Answer[] = [];
    const wanted = new Set(items.map((item) => item._id));
    const edits = [
      ...[...shopper.inCart].filter((id) => !wanted.has(id)).map((id) => ({ itemId: id, size: "default", quantity: 0 })),
      ...items.map((item) => ({ itemId: item._id, size: item.size, quantity: item.quantity })),
    ];
    for (const edit of edits) {
      const answer = await api(cluster.url, "/api/cart/update", edit, shopper.token);
      if (!(answer.ok && answer.status === 200)) failed.push(answer);
    }
    // After a failed edit the cart is not known: the next fill sets every watch's line, so one
    // failure is reported once, not again as the orders that would follow on a cart it misread.
    shopper.inCart = failed.length === 0 ? wanted : new Set(watches.keys());
    return failed;
  }

  /**
   * Sends a place request until it has an answer (a client whose connection was cut retries with
   * the same Idempotency-Key): fills the cart, then places; answers the order id or null (refused).
   */
  async function place(order: Placed, stop: () => boolean): Promise<void> {
    const path = order.method === "cod" ? "/api/order/place" : "/api/order/cashfree";
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const cartReady = (await fillCart(order.shopper, order.items)).length === 0;
      const answer = cartReady ? await api(cluster.url, path, { address: ADDRESS, items: order.items, amount: 1 }, order.shopper.token, order.key) : null;
      if (answer?.ok && answer.status === 200) {
        order.orderId = order.method === "cod" ? String(answer.body.orderId) : String((answer.body.order as { order_id: string }).order_id);
        // A cash-on-delivery order empties the cart at once, a paid online one when it is paid.
        if (order.method === "cod") order.shopper.inCart = new Set();
        return;
      }
      // A paid online order answers "already paid" to its retry; anything else 4xx is a refusal.
      if (answer) order.last = show(answer);
      if (answer?.ok && answer.status >= 400 && answer.status < 500 && answer.status !== 409) return;
      if (stop() && attempt > 5) return;
      await sleep(200 + crypto.randomInt(300));
    }
  }

  /**
   * The mixed load through the balancer until `stop()`: each shopper browses, fills a cart and
   * orders — cash on delivery, or online and then paid or failed at Cashfree (its webhook comes
   * back through the balancer) and verified as the return page does. Acknowledged orders go to
   * `placed`; browse answers count in `browse` (a failure is anything but 200).
   */
  async function shopperLoad(shoppers: Shopper[], placed: Placed[], browse: Tally, stop: () => boolean): Promise<void> {
    const pages = ["/", "/collection", "/collection?sort=low-high", ...[...watches.keys()].map((id) => `/product/${id}`)];
    await Promise.all(
      shoppers.map(async (first, index) => {
        let shopper = first;
        while (!stop()) {
          // A shopper may place 10 cash-on-delivery orders an hour and keep 10 unpaid online ones (SPEC): then another shopper comes.
          if (shopper.codOrders >= 9 || shopper.onlineOrders >= ONLINE_PER_SHOPPER) shopper = await signUp(`kill${index}`);
          for (let n = 0; n < 3; n += 1) {
            const path = pick(pages);
            browse.requests += 1;
            const answer = await send(`${cluster.url}${path}`);
            if (!(answer.ok && answer.status === 200)) browse.failures.push(`GET ${path}: ${show(answer)}`);
          }
          const online = shopper.onlineOrders < ONLINE_PER_SHOPPER && crypto.randomInt(2) === 0;
          const items = orderItems();
          const order: Placed = { method: online ? "cashfree" : "cod", key: `cluster-${crypto.randomUUID()}`, shopper, items, expectedPaise: priced(items), orderId: null, outcome: null };
          placed.push(order);
          if (online) shopper.onlineOrders += 1;
          else shopper.codOrders += 1;
          await place(order, stop);
          if (!order.orderId || !online) continue;
          order.outcome = crypto.randomInt(4) === 0 ? "FAILED" : "SUCCESS";
          await cluster.cashfree.simulator.settle({ orderId: order.orderId }, order.outcome, { notify: true }).catch(() => {});
          if (order.outcome === "SUCCESS") {
            await api(cluster.url, "/api/order/verifyCashfree", { orderId: order.orderId }, shopper.token);
            shopper.inCart = new Set();
          }
        }
      }),
    );
  }

  /** Waits until the outbox has nothing left to send (every row sent or given up), up to `limitMs`. */
  async function outboxDrained(limitMs: number): Promise<void> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const left = await db.selectFrom("outbox").select((eb) => eb.fn.countAll<number>().as("n")).where("sent_at", "is", null).where("failed_at", "is", null).executeTakeFirstOrThrow();
      if (Number(left.n) === 0) return;
      if (Date.now() > deadline) throw new Error(`${left.n} outbox emails still unsent after ${limitMs} ms`);
      await sleep(250);
    }
  }

  it(
    "kill -9 of a store at random moments: orders whole, none paid twice, each email once, holds released once, stock = its movements",
    async () => {
      const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => signUp(`kill${i}`)));
      const placed: Placed[] = [];
      const browse: Tally = { requests: 0, failures: [] };
      let stopped = false;
      const load = shopperLoad(shoppers, placed, browse, () => stopped);
      const kills: string[] = [];
      const killedAt: number[] = [];
      for (let round = 0; round < KILL_ROUNDS; round += 1) {
        await sleep(1_500 + crypto.randomInt(2_500));
        const victim: ClusterStore = pick(cluster.stores);
        const acknowledged = placed.filter((p) => p.orderId).length;
        killedAt.push(Date.now());
        await victim.kill();
        kills.push(`round ${round + 1}: ${victim.name} killed after ${acknowledged} acknowledged orders`);
        await sleep(500 + crypto.randomInt(1_000));
        await victim.start();
        await cluster.waitForBalancer(victim, "UP");
      }
      await sleep(1_000);
      stopped = true;
      await load;

      // A shopper whose verification was cut off asks again (the return page's reload).
      for (const order of placed.filter((p) => p.outcome === "SUCCESS")) await api(cluster.url, "/api/order/verifyCashfree", { orderId: order.orderId }, order.shopper.token);
      await outboxDrained(60_000);

      const acknowledged = placed.filter((p): p is Placed & { orderId: string } => p.orderId !== null);
      console.info(
        `${kills.join("; ")}. ${acknowledged.length} orders acknowledged (${acknowledged.filter((p) => p.method === "cod").length} COD, ` +
          `${acknowledged.filter((p) => p.outcome === "SUCCESS").length} paid online, ${acknowledged.filter((p) => p.outcome === "FAILED").length} failed online); ` +
          `${browse.requests} page views, ${browse.failures.length} failed; not acknowledged: ${JSON.stringify(tallied(placed.filter((p) => !p.orderId).map((p) => p.last ?? "no answer")))}`,
      );
      expect(acknowledged.length).toBeGreaterThan(10);
      const violations: string[] = [];

      // Every acknowledged order is present and whole.
      const orders = new Map((await db.selectFrom("orders").selectAll().execute()).map((o) => [o.id, o]));
      for (const order of acknowledged) {
        const row = orders.get(order.orderId);
        if (!row) {
          violations.push(`acknowledged ${order.method} order ${order.orderId} is lost`);
          continue;
        }
        const stored = (JSON.parse(row.items) as { productId: string; quantity: number }[]).map((i) => `${i.productId}×${i.quantity}`).sort().join();
        if (stored !== order.items.map((i) => `${i._id}×${i.quantity}`).sort().join()) violations.push(`order ${row.id} holds ${stored}`);
        if (Number(row.amount_paise) !== order.expectedPaise) violations.push(`order ${row.id} amounts to ${row.amount_paise} paise, not ${order.expectedPaise}`);
        if (order.outcome === "SUCCESS" && row.payment_status !== "PAID") violations.push(`paid order ${row.id} is ${row.payment_status}`);
        if (order.outcome === "FAILED" && row.payment_status === "PAID") violations.push(`failed order ${row.id} is PAID`);
      }
      // One request, one order: no two orders under one Idempotency-Key.
      const keys = new Map<string, number>();
      for (const row of orders.values()) keys.set(row.idempotency_key, (keys.get(row.idempotency_key) ?? 0) + 1);
      for (const [key, count] of keys) if (count > 1) violations.push(`${count} orders under one key ${key}`);
      // No order paid twice: Cashfree was paid once per order, and the store flagged no second payment.
      for (const row of orders.values()) if (Number(row.refund_due) !== 0) violations.push(`order ${row.id} was paid twice (refund due)`);

      // Each email once at the SMTP server: every outbox row sent, each Message-ID received once —
      // but for an email the SMTP server accepted in the moment between its 250 and the commit of
      // `sent_at` when a kill came (decision 1020: that window cannot be closed from our side of
      // SMTP), which another process then sends again: received twice, its first copy accepted
      // less than KILL_WINDOW_MS before a kill. Those are counted and printed; never a third copy.
      const outbox = await db.selectFrom("outbox").select(["id", "order_id", "kind", "sent_at"]).execute();
      const received = new Map<string, number>();
      const firstCopy = new Map<string, { dataEndedAt: number; acceptedAt: number }>();
      cluster.smtp.received.forEach((mail, i) => {
        const id = String(mail.messageId);
        received.set(id, (received.get(id) ?? 0) + 1);
        if (!firstCopy.has(id)) firstCopy.set(id, { dataEndedAt: cluster.smtp.dataEndedAt[i], acceptedAt: cluster.smtp.acceptedAt[i] });
      });
      // The kill that cut this email's commit: after the server had it whole, within the window after its 250.
      const cuttingKill = (id: string) => {
        const first = firstCopy.get(id)!;
        return killedAt.find((at) => at >= first.dataEndedAt && at - first.acceptedAt < KILL_WINDOW_MS);
      };
      const timing = (id: string, at: number | undefined) => {
        const first = firstCopy.get(id)!;
        if (at !== undefined) return `kill ${at - first.dataEndedAt} ms after its final dot, ${at - first.acceptedAt} ms after its 250`;
        const nearest = [...killedAt].sort((a, b) => Math.abs(a - first.acceptedAt) - Math.abs(b - first.acceptedAt))[0];
        return `NO kill cut it: nearest kill ${nearest - first.dataEndedAt} ms after its final dot, ${nearest - first.acceptedAt} ms after its 250`;
      };
      const resentAfterKill: string[] = [];
      for (const row of outbox) {
        const messageId = [...received.keys()].find((id) => id.startsWith(`<outbox-${row.id}.`) || id.startsWith(`outbox-${row.id}.`));
        if (row.sent_at === null) violations.push(`outbox ${row.id} (${row.kind}) was never sent`);
        else if (!messageId) violations.push(`outbox ${row.id} (${row.kind} of ${row.order_id}) is marked sent but never reached the SMTP server`);
        else if (received.get(messageId) === 2) {
          const kill = cuttingKill(messageId);
          const described = `outbox ${row.id} (${row.kind}): ${timing(messageId, kill)}`;
          if (kill === undefined) violations.push(`outbox ${row.id} (${row.kind}) reached the SMTP server twice, ${timing(messageId, kill)}`);
          resentAfterKill.push(described);
        }
        else if (received.get(messageId) !== 1) violations.push(`outbox ${row.id} (${row.kind}) reached the SMTP server ${received.get(messageId)} times`);
      }
      // A process sends one email at a time: each kill can cut at most one send between its 250 and its commit.
      if (resentAfterKill.length > KILL_ROUNDS) violations.push(`${resentAfterKill.length} emails sent twice for ${KILL_ROUNDS} kills: ${resentAfterKill.join(", ")}`);
      if (cluster.smtp.received.length !== outbox.length + resentAfterKill.length) {
        violations.push(`${cluster.smtp.received.length} messages received for ${outbox.length} outbox rows (${resentAfterKill.length} resent after a kill)`);
      }
      console.info(`emails: ${outbox.length} outbox rows, ${cluster.smtp.received.length} messages received; resent after a kill cut the commit of their sending: ${JSON.stringify(resentAfterKill)}`);
      // A cash-on-delivery order is confirmed at once, an online one once paid (a failed one sends none).
      for (const order of acknowledged.filter((p) => p.method === "cod" || p.outcome === "SUCCESS")) {
        if (!outbox.some((row) => row.order_id === order.orderId)) violations.push(`${order.method} order ${order.orderId} (${order.outcome ?? "placed"}) has no email`);
      }

      // Holds released once, stock never below zero and equal to its movements' sum.
      const movements = await db.selectFrom("stock_movements").select(["product_id", "delta", "order_id", "reason"]).where("product_id", "in", [...watches.keys()]).execute();
      for (const order of acknowledged.filter((p) => p.outcome === "FAILED")) {
        const row = orders.get(order.orderId);
        const mine = movements.filter((m) => m.order_id === order.orderId);
        const taken = -mine.filter((m) => m.reason === "sale").reduce((s, m) => s + Number(m.delta), 0);
        const given = mine.filter((m) => m.reason !== "sale").reduce((s, m) => s + Number(m.delta), 0);
        const units = order.items.reduce((s, i) => s + i.quantity, 0);
        if (row?.payment_status === "FAILED" && !(taken === units && given === units && row.stock_state === "released")) {
          violations.push(`failed order ${order.orderId}: ${taken} units taken, ${given} given back (${row.stock_state}), of ${units}`);
        }
      }
      const stock = new Map((await db.selectFrom("products").select(["id", "stock"]).where("id", "in", [...watches.keys()]).execute()).map((r) => [r.id, Number(r.stock)]));
      for (const id of watches.keys()) {
        const sum = movements.filter((m) => m.product_id === id).reduce((s, m) => s + Number(m.delta), 0);
        if (stock.get(id)! < 0) violations.push(`${id} has stock ${stock.get(id)}`);
        if (stock.get(id) !== sum) violations.push(`${id} has stock ${stock.get(id)} but its movements sum to ${sum}`);
      }
      expect(violations).toEqual([]);
      // The balancer retries a page a killed store did not answer; only one whose answer the kill
      // cut off half-way may fail, never for want of a store (HAProxy's "No server is available").
      expect(tallied(browse.failures.filter((failure) => !/other side closed|: 502 /.test(failure))), "page views that failed through the balancer").toEqual([]);
      expect(browse.failures.length, "page views cut off by the kills").toBeLessThanOrEqual(KILL_ROUNDS * SHOPPERS);
    },
    300_000,
  );

  it(
    "a rolling restart under load: each store drained through /readyz and restarted in turn, zero failed requests",
    async () => {
      const shoppers = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp(`roll${i}`)));
      const failures: string[] = [];
      let requests = 0;
      let stopped = false;
      const pages = ["/", "/collection", ...[...watches.keys()].map((id) => `/product/${id}`)];
      // Page views and cash-on-delivery orders: a failed request is any answer but the expected one.
      const load = Promise.all([
        ...Array.from({ length: 6 }, async () => {
          while (!stopped) {
            const path = pick(pages);
            requests += 1;
            const answer = await send(`${cluster.url}${path}`);
            if (!(answer.ok && answer.status === 200)) failures.push(`GET ${path}: ${show(answer)}`);
          }
        }),
        ...shoppers.map(async (first) => {
          let shopper = first;
          let codOrders = 0;
          while (!stopped) {
            // A shopper may place 10 cash-on-delivery orders an hour (SPEC): a new shopper signs up after 9.
            if (codOrders === 9) {
              requests += 1;
              const email = `roll-${crypto.randomBytes(5).toString("hex")}@example.in`;
              const signedUp = await api(cluster.url, "/api/user/register", { name: "Asha Rao", email, password: `Cluster-${crypto.randomBytes(6).toString("hex")}` });
              if (!(signedUp.ok && signedUp.status === 200)) failures.push(`sign-up: ${show(signedUp)}`);
              else shopper = { email, token: String(signedUp.body.token), onlineOrders: 0, codOrders: 0, inCart: new Set() };
              codOrders = 0;
            }
            codOrders += 1;
            const items = orderItems();
            requests += items.length + shopper.inCart.size;
            const unfilled = await fillCart(shopper, items);
            for (const failed of unfilled) failures.push(`cart update: ${show(failed)}`);
            if (unfilled.length > 0) continue;
            requests += 1;
            const answer = await api(cluster.url, "/api/order/place", { address: ADDRESS, items, amount: 1 }, shopper.token, `roll-${crypto.randomUUID()}`);
            if (!(answer.ok && answer.status === 200)) failures.push(`COD order: ${show(answer)}`);
            else shopper.inCart = new Set();
          }
        }),
      ]);
      const steps: string[] = [];
      const printedBefore = new Map(cluster.stores.map((store) => [store, store.output().length]));
      await sleep(1_000);
      for (const store of cluster.stores) {
        const began = Date.now();
        // The store's own shutdown: the drain, then its in-flight requests (up to its 9 s grace), then exit.
        const stopping = store.stop(20_000);
        // /readyz reads 503 at once; the balancer takes the store out within its check interval.
        await cluster.waitForBalancer(store, "DOWN", 5_000);
        const outAfter = Date.now() - began;
        await stopping;
        const exitedAfter = Date.now() - began;
        await store.start().catch(async (error: unknown) => {
          const activity = await sql<Record<string, unknown>>`select pid, application_name, state, wait_event_type, wait_event, now() - xact_start as xact, left(query, 160) as query from pg_stat_activity where datname = current_database()`.execute(db);
          const admin = new URL(cluster.poolerUrl);
          admin.pathname = "/pgbouncer";
          const pools = await new Promise<string>((resolve) => {
            const client = new pg.Client({ connectionString: admin.href });
            client
              .connect()
              .then(async () => resolve(JSON.stringify([(await client.query("SHOW POOLS")).rows, (await client.query("SHOW CLIENTS")).rows.map((r: Record<string, unknown>) => [r.state, r.addr, r.port, r.connect_time, r.request_time, r.wait])])))
              .catch((e: unknown) => resolve(String(e)))
              .finally(() => void client.end());
          });
          throw new Error(`${String(error).slice(-800)}\nSHOW POOLS: ${pools}\npg_stat_activity: ${JSON.stringify(activity.rows)}\npooler: ${cluster.poolerLog().slice(-1500)}`);
        });
        await cluster.waitForBalancer(store, "UP", 20_000);
        steps.push(`${store.name}: SIGTERM at ${new Date(began).toISOString()}, out of rotation after ${outAfter} ms, exited after ${exitedAfter} ms, back after ${Date.now() - began} ms`);
        await sleep(1_000);
      }
      stopped = true;
      await load;
      console.info(`rolling restart: ${steps.join("; ")}; ${requests} requests, ${failures.length} failed`);
      expect(requests).toBeGreaterThan(100);
      const balancerLines = cluster.balancerLog().split("\n");
      // HAProxy's line of each request that did not end well (its termination state says which side closed).
      const unwell = balancerLines.filter((line) => / shop stores\//.test(line) && !/ (200|30\d) \d+ - - ----/.test(line));
      // And what the stores said of their own troubles meanwhile: warnings, errors, answers cut off.
      const troubles = cluster.stores.flatMap((store) =>
        store
          .output()
          .slice(printedBefore.get(store))
          .split("\n")
          .filter((line) => /"level":"(warn|error|fatal)"|"aborted":true|"status":5\d\d/.test(line))
          .map((line) => `${store.name}: ${line.slice(0, 300)}`),
      );
      // The balancer's last lines on each failed request's connection (its port, from undici's error).
      const onTheirConnections = failures.flatMap((failure) => {
        const port = /on port (\d+)/.exec(failure)?.[1];
        const id = /request id (t-[0-9a-f-]+)/.exec(failure)?.[1];
        const theirs = port ? balancerLines.filter((line) => line.startsWith(`127.0.0.1:${port} `)) : [];
        const seenByStores = id ? cluster.stores.flatMap((store) => store.output().split("\n").filter((line) => line.includes(id)).map((line) => `${store.name}: ${line.slice(0, 300)}`)) : [];
        return [failure, `  ${theirs.length} requests on its connection, the first: ${theirs[0] ?? "none"}`, ...theirs.slice(-3), ...seenByStores];
      });
      expect(
        tallied(failures),
        [...steps, `failed requests and the balancer's last lines on their connections:`, ...onTheirConnections.slice(0, 24), `balancer lines of requests that did not end well:`, ...unwell.slice(-12), `stores:`, ...troubles.slice(-12)].join("\n"),
      ).toEqual([]);
    },
    180_000,
  );

  it(
    "a price change is seen on both stores within 1 s and never reverted",
    async () => {
      const id = [...watches.keys()][0];
      const lags: number[] = [];
      const reverted: string[] = [];
      let stopped = false;
      // Background page views keep both stores' caches busy filling.
      const load = Promise.all(
        Array.from({ length: 4 }, async () => {
          while (!stopped) await send(`${cluster.url}${pick(["/", "/collection", `/product/${id}`])}`);
        }),
      );
      const priceOn = async (store: ClusterStore) => {
        const answer = await fetch(`${store.baseUrl}/product/${id}`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.text());
        return /data-testid="price"[\s\S]*?₹([\d,]+(?:\.\d\d)?)/.exec(answer)?.[1]?.replace(/,/g, "") ?? null;
      };
      const start = watches.get(id)!;
      for (let change = 1; change <= 10; change += 1) {
        const rupees = start / 100 + change * 10;
        const changedAt = Date.now();
        await db.transaction().execute(async (trx) => {
          await trx.updateTable("products").set({ price_paise: rupees * 100 }).where("id", "=", id).execute();
          await markCatalogueChanged(trx);
        });
        // Both stores watched at once, each from the moment of the commit.
        await Promise.all(
          cluster.stores.map(async (store) => {
            let seenAt: number | null = null;
            while (Date.now() - changedAt < 3_000) {
              const price = await priceOn(store);
              if (price !== null && Number(price) === rupees) {
                seenAt ??= Date.now();
                if (Date.now() - seenAt > 300) break;
              } else if (seenAt !== null) {
                reverted.push(`${store.name} showed ₹${price} after ₹${rupees} (change ${change})`);
              }
              await sleep(20);
            }
            lags.push(seenAt === null ? Number.POSITIVE_INFINITY : seenAt - changedAt);
          }),
        );
      }
      stopped = true;
      await load;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable("products").set({ price_paise: start }).where("id", "=", id).execute();
        await markCatalogueChanged(trx);
      });
      const sorted = [...lags].sort((a, b) => a - b);
      console.info(`price change lag on the stores: p50 ${sorted[Math.floor(sorted.length / 2)]} ms, max ${sorted.at(-1)} ms (${lags.length} observations)`);
      expect(reverted).toEqual([]);
      expect(sorted.at(-1)).toBeLessThan(1_000);
    },
    120_000,
  );
});
