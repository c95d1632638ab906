/**
 * The owner's Cashfree check before going live (issue 44 item 4; README "Checking your Cashfree keys
 * before going live"; docs/decisions/0963):
 *
 *   CASHFREE_APP_ID=… CASHFREE_SECRET_KEY=… CASHFREE_ENV=sandbox npm run cashfree:check
 *   npm run cashfree:check -- --simulator     against a fake Cashfree this command starts itself
 *   npm run cashfree:check -- --production    against live Cashfree (CASHFREE_ENV=production)
 *
 * With the store's own Cashfree client (app/payments/cashfree.server.ts, so it proves the store's
 * calls, API version 2025-01-01 and UUID idempotency keys, not a second implementation), in order:
 * creates a ₹1.00 order "cashfree-check-<ms>" that expires in 20 minutes and is never paid, reads
 * it, reads its payments, creates a ₹1.00 payment link and cancels it, reads the link, terminates
 * the order, and checks the webhook signature rule twice (a fixed sample signed with a fixed key as
 * Cashfree documents: base64(HMAC-SHA256(timestamp + body, secret)); then one signed with the
 * secret key in use). Each step prints one line: ✓ or ✗, the call (method, path, HTTP status)
 * and what the store would conclude; a step that needs an earlier one that failed prints "·".
 *
 * Reads CASHFREE_APP_ID, CASHFREE_SECRET_KEY, CASHFREE_ENV and CASHFREE_API_BASE as the store does
 * (app/config/env.server.ts). Exit 0 only when every step is green; 1 when one is not; 2 when it
 * refuses to start: no keys (and no --simulator), or CASHFREE_ENV=production (the store's default)
 * without --production, since it creates real orders there.
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { getEnv, publicUrl } from "~/config/env.server";
import { CASHFREE_API_VERSION, CASHFREE_BASE_URLS, CashfreeError, createCashfreeClient } from "~/payments/cashfree.server";
import { signWebhook, verifyWebhookSignature } from "~/payments/webhook.server";

const USAGE = `Usage: CASHFREE_APP_ID=… CASHFREE_SECRET_KEY=… CASHFREE_ENV=sandbox npm run cashfree:check
       npm run cashfree:check -- --simulator
       npm run cashfree:check -- --production   (live keys: creates a real ₹1.00 order and link, never paid)`;

/** The check's amounts: ₹1.00, Cashfree's smallest order (openapi.yaml CreateOrderRequest.order_amount minimum 1). */
const CHECK_AMOUNT_PAISE = 100;
/** How long the check order and link stay payable at Cashfree (ms): they expire unpaid. */
const CHECK_EXPIRY_MS = 20 * 60 * 1000;

/**
 * A webhook sample with a signature worked out outside the store (openssl dgst -sha256 -hmac
 * "cashfree-check-sample-secret" over timestamp + body, base64): proves the store's rule is the
 * one Cashfree documents for API 2025-01-01, whatever the key in use.
 */
export const WEBHOOK_SAMPLE = {
  secret: "cashfree-check-sample-secret",
  timestamp: "1735705800000",
  body: '{"data":{"order":{"order_id":"cashfree-check-sample","order_amount":1.00,"order_currency":"INR"},"payment":{"cf_payment_id":"5114910000001","payment_status":"SUCCESS","payment_amount":1.00,"payment_currency":"INR"}},"event_time":"2025-01-01T10:00:00+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}',
  signature: "F12wf0mD+vOvu8kpQoMa4mZAq694MgJukZScw/TMMD8=",
} as const;

type Call = { method: string; path: string; status: number | null };
type StepResult = { ok: boolean; conclusion: string };

/** What the store would conclude from a failed call, in the owner's terms. */
export function concludeFailure(error: unknown): string {
  if (!(error instanceof CashfreeError)) return `unexpected error: ${(error as Error)?.message ?? String(error)}`;
  switch (error.kind) {
    case "auth":
      return "keys refused: check CASHFREE_APP_ID and CASHFREE_SECRET_KEY, and that they are the keys of CASHFREE_ENV (sandbox keys for sandbox, production keys for production); the store could take no payment with them";
    case "network":
    case "timeout":
      return `Cashfree could not be reached (${error.message}): check this machine's network and CASHFREE_API_BASE`;
    case "rejected":
      return `Cashfree refused the call (${error.status ?? "?"} ${error.code ?? ""}): ${error.message} The store's own calls would be refused the same way; check the account's Payment Gateway activation and the API version ${CASHFREE_API_VERSION}`;
    case "bad_response":
      return `Cashfree answered in a shape the store cannot read (${error.message}): the account may answer another API version than ${CASHFREE_API_VERSION}`;
    case "not_found":
      return `Cashfree does not know what it was just asked to create (${error.message})`;
    case "conflict":
      return `Cashfree reports a conflict (${error.message})`;
    case "rate_limited":
      return "Cashfree is rate limiting these keys (429): wait a minute and run the check again";
    default:
      return `Cashfree had a problem (${error.message}): run the check again later`;
  }
}

/** Paise as the owner reads an amount with its paise: "₹1.00". */
function rupees(paise: number): string {
  return `₹${(paise / 100).toFixed(2)}`;
}

/** Masks all but the first 6 characters of an app id for the printout. */
function masked(appId: string): string {
  return appId.length <= 6 ? appId : `${appId.slice(0, 6)}${"…"}`;
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { simulator: { type: "boolean" }, production: { type: "boolean" }, help: { type: "boolean" } } });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }

  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }

  let baseUrl: string;
  let clientId: string;
  let clientSecret: string;
  let target: string;
  let stop = async () => {};
  if (values.simulator) {
    // The fake Cashfree of the tests, in this process, on a loopback port, with keys made up here.
    const { startFakeCashfree } = await import("../tests/fakes/cashfree-server");
    clientId = "cashfree_check_simulator";
    clientSecret = crypto.randomBytes(16).toString("hex");
    const fake = await startFakeCashfree({ clientId, clientSecret });
    stop = () => fake.close();
    baseUrl = fake.apiBase;
    target = `the store's Cashfree simulator at ${baseUrl} (no real money)`;
  } else {
    if (!env.CASHFREE_APP_ID || !env.CASHFREE_SECRET_KEY) {
      console.error(`Set CASHFREE_APP_ID and CASHFREE_SECRET_KEY (your sandbox keys) and CASHFREE_ENV=sandbox, or run with --simulator.\n${USAGE}`);
      return 2;
    }
    if (env.CASHFREE_ENV === "production" && !values.production) {
      console.error(
        `CASHFREE_ENV is production (the store's default): this check creates real orders and payment links there. Set CASHFREE_ENV=sandbox with sandbox keys, or pass --production to check live keys on purpose.\n${USAGE}`,
      );
      return 2;
    }
    clientId = env.CASHFREE_APP_ID;
    clientSecret = env.CASHFREE_SECRET_KEY;
    baseUrl = env.CASHFREE_API_BASE ?? CASHFREE_BASE_URLS[env.CASHFREE_ENV];
    target = `Cashfree ${env.CASHFREE_ENV} at ${baseUrl}${env.CASHFREE_API_BASE ? " (CASHFREE_API_BASE)" : ""}, app id ${masked(clientId)}`;
  }

  // The store's client, watched: the method, path and HTTP status of its last call.
  let last: Call | null = null;
  const watched: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    last = { method: (init?.method ?? "GET").toUpperCase(), path: url.pathname.replace(new URL(baseUrl).pathname.replace(/\/+$/, ""), ""), status: null };
    const response = await fetch(input, init);
    last.status = response.status;
    return response;
  };
  const client = createCashfreeClient({ baseUrl, clientId, clientSecret, fetch: watched });

  console.log(`Checking ${target}, API version ${CASHFREE_API_VERSION}`);
  const stamp = Date.now();
  const orderId = `cashfree-check-${stamp}`;
  const linkId = `cashfree-check-${stamp}`;
  const returnUrl = `${publicUrl(env)}/`;
  const customer = { id: "cashfree_check", phone: "9999999999", email: "cashfree-check@example.com", name: "Cashfree Check" };
  const amount = rupees(CHECK_AMOUNT_PAISE);

  let step = 0;
  let green = 0;
  let failed = 0;
  const done = new Set<string>();
  /** Runs one step unless one it needs failed, and prints its line. */
  async function run(name: string, needs: string[], body: () => Promise<StepResult>, call?: string) {
    step += 1;
    if (needs.some((n) => !done.has(n))) {
      failed += 1;
      console.log(`· ${step}. ${call ?? name}: not run (needs ${needs.filter((n) => !done.has(n)).join(", ")})`);
      return;
    }
    last = null;
    let result: StepResult;
    try {
      result = await body();
    } catch (error) {
      result = { ok: false, conclusion: concludeFailure(error) };
    }
    const seen = last as Call | null;
    const what = seen ? `${seen.method} ${seen.path} → ${seen.status ?? "no answer"}` : (call ?? name);
    console.log(`${result.ok ? "✓" : "✗"} ${step}. ${what}: ${result.conclusion}`);
    if (result.ok) {
      green += 1;
      done.add(name);
    } else failed += 1;
  }

  try {
    await run("create order", [], async () => {
      const order = await client.createOrder({
        orderId,
        amountPaise: CHECK_AMOUNT_PAISE,
        customer,
        returnUrl,
        note: "cashfree:check, never paid",
        expiresAt: stamp + CHECK_EXPIRY_MS,
        idempotencyKey: `order-${orderId}`,
      });
      if (order.status === "ACTIVE" && order.paymentSessionId) {
        return { ok: true, conclusion: `order ${orderId} ACTIVE with a payment session: the store can take payments` };
      }
      return { ok: false, conclusion: `order ${orderId} is ${order.status}${order.paymentSessionId ? "" : " without a payment session"}: the checkout could not open Cashfree's payment page` };
    });

    await run("read order", ["create order"], async () => {
      const order = await client.getOrder(orderId);
      const ok = order.amountPaise === CHECK_AMOUNT_PAISE && order.currency === "INR" && order.status === "ACTIVE";
      return ok
        ? { ok, conclusion: `Cashfree reads it back as ${amount} INR, ACTIVE: the store can verify a payment after the shopper returns` }
        : { ok, conclusion: `Cashfree reads it back as ${rupees(order.amountPaise)} ${order.currency}, ${order.status}: not what was created` };
    });

    await run("read payments", ["create order"], async () => {
      const payments = await client.getOrderPayments(orderId);
      return payments.length === 0
        ? { ok: true, conclusion: "no payment attempts, as for an order nobody has paid: the store can read an order's payments" }
        : { ok: false, conclusion: `${payments.length} payment attempt(s) on an order nobody was shown: look at it in Cashfree's dashboard` };
    });

    await run("create link", [], async () => {
      const link = await client.createPaymentLink({
        linkId,
        amountPaise: CHECK_AMOUNT_PAISE,
        purpose: "cashfree:check, never paid",
        customer: { phone: customer.phone, email: customer.email, name: customer.name },
        returnUrl,
        expiresAt: stamp + CHECK_EXPIRY_MS,
        idempotencyKey: `link-${linkId}`,
      });
      return link.status === "ACTIVE" && link.url
        ? { ok: true, conclusion: `payment link ${linkId} ACTIVE: the checkout without JavaScript can take payments` }
        : { ok: false, conclusion: `payment link ${linkId} is ${link.status}: the checkout without JavaScript could not take payments` };
    });

    await run("cancel link", ["create link"], async () => {
      const link = await client.cancelPaymentLink(linkId);
      return link.status === "CANCELLED"
        ? { ok: true, conclusion: "link CANCELLED: the store can close the link of an order it gives up" }
        : { ok: false, conclusion: `link is ${link.status} after cancelling: an order given up could still be paid by its link` };
    });

    await run("read link", ["cancel link"], async () => {
      const link = await client.getPaymentLink(linkId);
      return link.status === "CANCELLED" && link.amountPaise === CHECK_AMOUNT_PAISE
        ? { ok: true, conclusion: `Cashfree reads the link back as ${amount}, CANCELLED: the store can verify a link payment` }
        : { ok: false, conclusion: `Cashfree reads the link back as ${rupees(link.amountPaise)}, ${link.status}` };
    });

    await run("terminate order", ["create order"], async () => {
      const order = await client.terminateOrder(orderId);
      return order.status === "TERMINATED" || order.status === "TERMINATION_REQUESTED"
        ? { ok: true, conclusion: `order ${order.status}: the store can close an order whose stock hold ended, and the check leaves nothing payable` }
        : { ok: false, conclusion: `order is ${order.status} after terminating: an abandoned order could still be paid` };
    });

    await run("webhook rule", [], async () => {
      const sample = verifyWebhookSignature({ rawBody: WEBHOOK_SAMPLE.body, signature: WEBHOOK_SAMPLE.signature, timestamp: WEBHOOK_SAMPLE.timestamp, secret: WEBHOOK_SAMPLE.secret, now: Number(WEBHOOK_SAMPLE.timestamp) });
      return sample.ok
        ? { ok: true, conclusion: "a sample signed by Cashfree's rule (base64 HMAC-SHA256 of timestamp + body) is accepted" }
        : { ok: false, conclusion: `the store refuses a correctly signed sample (${sample.message}): no webhook from Cashfree would be believed` };
    }, "webhook signature, fixed sample");

    await run("webhook key", [], async () => {
      const timestamp = String(Date.now());
      const signature = signWebhook(clientSecret, timestamp, WEBHOOK_SAMPLE.body);
      const good = verifyWebhookSignature({ rawBody: WEBHOOK_SAMPLE.body, signature, timestamp, secret: clientSecret });
      const tampered = verifyWebhookSignature({ rawBody: WEBHOOK_SAMPLE.body.replace('"payment_amount":1.00', '"payment_amount":9.00'), signature, timestamp, secret: clientSecret });
      return good.ok && !tampered.ok
        ? { ok: true, conclusion: "webhooks signed with this secret key are accepted, a changed body is refused: the store will believe Cashfree's webhooks and nobody else's" }
        : { ok: false, conclusion: `signature check with this secret key: signed ${good.ok ? "accepted" : "refused"}, changed body ${tampered.ok ? "accepted" : "refused"}` };
    }, "webhook signature, this secret key");
  } finally {
    await stop();
  }

  console.log(
    failed === 0
      ? `All ${green} steps green: these keys and API version ${CASHFREE_API_VERSION} work for the store.`
      : `${failed} of ${step} steps not green: fix what the ✗ lines say before going live.`,
  );
  return failed === 0 ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof TypeError && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS")) {
      console.error(`${error.message}\n${USAGE}`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
