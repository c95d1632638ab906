import { formatPaise } from "~/lib/money";
import { readFormData } from "~/http/body.server";
import { ZodError } from "zod";
import { applyControl, currentControls } from "./controls.server";
import { jsonResponse } from "./shapes.server";
import type { SimulatorState } from "./state.server";
import type { SimulatedOutcome } from "./types";
import { settleLink, settleOrder } from "./webhooks.server";

/**
 * The simulator's hosted payment page (DESIGN.md §9, test mode): what Cashfree's hosted checkout
 * is for a real store — the amount, the reference, and "Pay" and "Fail" buttons that settle the
 * attempt, send the signed webhook and return the shopper to the store (issue 8 item 1: only the
 * page's own origin may press them). Its index (`/`) is the owner's test controls: what the next
 * refund does, how terminates answer, a surcharge on payments (docs/decisions/0962).
 */

/** Escapes text for HTML (& < > " '). */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A simulator page: `title`, `body` (HTML, already escaped) in the page's frame, no-store. */
function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f3f4f6;color:#111827;margin:0;padding:2rem 1rem}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:1.5rem}
.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.15rem .6rem;font-size:.75rem;font-weight:600;letter-spacing:.04em}
h1{font-size:1.25rem;margin:.75rem 0 .25rem}.amount{font-size:2rem;font-weight:700;margin:.5rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem .75rem;font-size:.875rem;color:#374151}dt{font-weight:600}dd{margin:0;word-break:break-all}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}.actions form{flex:1}
button{width:100%;padding:.75rem;border-radius:.5rem;border:0;font-size:1rem;font-weight:600;cursor:pointer}
.pay{background:#15803d;color:#fff}.fail{background:#fff;color:#b91c1c;border:1px solid #b91c1c}
p.note{font-size:.8rem;color:#4b5563;margin-top:1.25rem}a{color:#1d4ed8}
h2{font-size:1rem;margin:1.5rem 0 .5rem}fieldset{border:1px solid #d1d5db;border-radius:.5rem}label{line-height:1.9}input[type=number],input[name=for]{font-size:1rem;padding:.3rem;max-width:100%}
</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

/** The payment page of an order or link: amount (rupees), reference, purpose, and Pay/Fail forms posting to `action` — or "already paid" with the way back. */
function hostedPage(action: string, amountPaise: number, reference: string, purpose: string | null, paid: boolean, returnUrl: string | null) {
  const details = `<dl><dt>Reference</dt><dd>${escapeHtml(reference)}</dd>${purpose && !purpose.includes(reference) ? `<dt>For</dt><dd>${escapeHtml(purpose)}</dd>` : ""}</dl>`;
  if (paid) {
    return page(
      "Already paid — Cashfree simulator",
      `<span class="badge">TEST MODE</span><h1>This order is already paid</h1><p class="amount">${formatPaise(amountPaise)}</p>${details}${
        returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the store</a></p>` : ""
      }`,
    );
  }
  return page(
    "Pay — Cashfree simulator",
    `<span class="badge">TEST MODE</span><h1>Cashfree payment simulator</h1><p class="amount">${formatPaise(amountPaise)}</p>${details}
<div class="actions">
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="fail"><button class="fail" type="submit">Fail</button></form>
</div>
<p class="note">No money moves here. This page stands in for Cashfree's hosted checkout while the store has no Cashfree credentials.</p>`,
  );
}

const REFUND_CHOICES: Array<[string, string]> = [
  ["SUCCESS", "Succeeds (PENDING, then SUCCESS)"],
  ["ONHOLD_THEN_SUCCESS", "Goes ON HOLD, then succeeds"],
  ["CANCELLED", "Is cancelled"],
  ["FAILED", "Fails"],
];

/**
 * The test-controls page (the hosted page's index, TEST MODE, for the store owner trying the store
 * out: English only, like the rest of the simulator's pages — docs/decisions/0962): the controls
 * as they stand and three small forms posting to `action`.
 */
function controlsPage(state: SimulatorState, action: string, notice: string | null, status = 200): Response {
  const controls = currentControls(state);
  const scoped = (record: Record<string, unknown>, show: (value: never) => string) =>
    Object.entries(record).map(([scope, value]) => `<li>${scope ? escapeHtml(scope) : "every order"}: ${escapeHtml(show(value as never))}</li>`).join("");
  const plans = controls.refundPlans.map((plan) => `<li>${plan.for ? escapeHtml(plan.for) : "next refund"}: ${escapeHtml(plan.outcome)} after ${plan.pendingReads} pending read(s)</li>`).join("");
  const now = [plans, scoped(controls.terminateModes, (mode: string) => `terminate ${mode}`), scoped(controls.surcharges, (paise: number) => `surcharge ${formatPaise(paise)}`)].join("");
  const form = (kind: string, fields: string, button: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="kind" value="${kind}">${fields}<p><label>For (a Cashfree order_id or link_id; empty: every order) <input name="for" maxlength="50"></label></p><p><button class="pay" type="submit">${button}</button></p></form>`;
  return page(
    "Test controls — Cashfree simulator",
    `<span class="badge">TEST MODE</span><h1>Cashfree simulator: test controls</h1>
${notice ? `<p role="status"><strong>${escapeHtml(notice)}</strong></p>` : ""}
<h2>Now</h2>${now ? `<ul>${now}</ul>` : "<p>Defaults: refunds succeed on the first check, terminates are immediate, no surcharge.</p>"}
<h2>The next refund</h2>${form(
      "refund",
      `<fieldset><legend>It</legend>${REFUND_CHOICES.map(([value, label], i) => `<label><input type="radio" name="outcome" value="${value}"${i === 0 ? " checked" : ""}> ${escapeHtml(label)}</label><br>`).join("")}</fieldset>
<p><label>Still pending for this many status checks first <input name="pendingReads" type="number" min="0" max="20" value="0"></label></p>`,
      "Set the next refund",
    )}
<h2>Terminating an order</h2>${form(
      "terminate",
      `<p><label><input type="radio" name="mode" value="immediate" checked> Terminated at once</label><br><label><input type="radio" name="mode" value="requested"> Termination requested (terminated on the next read, unless a payment in flight succeeds)</label></p>`,
      "Set terminating",
    )}
<h2>Surcharge</h2>${form(
      "surcharge",
      `<p><label>Charged to the shopper on top of the order amount, in paise (0: none) <input name="paise" type="number" min="0" max="1000000" value="0"></label></p>`,
      "Set the surcharge",
    )}
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="kind" value="reset"><p><button class="fail" type="submit">Back to the defaults</button></p></form>
<p class="note">No money moves here. These controls change what the payment simulator answers the store, so the owner can see how the store copes with Cashfree's other answers.</p>`,
    status,
  );
}

/**
 * The test controls at the hosted page's index: GET shows them; POST from the page's own origin
 * (403 otherwise) applies one (controls.server.ts controlSchema) and redirects (303) back, or
 * answers JSON `{controls}` to a request that accepts JSON; 400 for a control that is not one.
 */
async function handleControls(state: SimulatorState, request: Request, method: string, wantsJson: boolean): Promise<Response> {
  const url = new URL(request.url);
  const action = url.pathname;
  if (method === "GET" || method === "HEAD") return controlsPage(state, action, url.searchParams.get("set") === "1" ? "Saved." : null);
  if (method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, POST" } });
  const origin = state.options.hostedBaseUrl ? new URL(state.options.hostedBaseUrl).origin : url.origin;
  if (!postedFromOrigin(request, origin)) {
    if (wantsJson) return jsonResponse({ message: "cross-origin requests are refused", code: "forbidden_origin", type: "invalid_request_error" }, 403);
    return page("Refused — Cashfree simulator", `<h1>This form can only be sent from its own page.</h1>`, 403);
  }
  const form = await readFormData(request).catch(() => null);
  const fields = Object.fromEntries([...(form?.entries() ?? [])].filter(([, value]) => typeof value === "string" && value !== ""));
  try {
    applyControl(state, fields as never);
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    if (wantsJson) return jsonResponse({ message: "not a control the simulator knows", code: "request_invalid", type: "invalid_request_error" }, 400);
    return controlsPage(state, action, "That is not a control the simulator knows: please choose again.", 400);
  }
  if (wantsJson) return jsonResponse({ controls: currentControls(state) });
  return new Response(null, { status: 303, headers: { location: `${action}?set=1`, "cache-control": "no-store" } });
}

/** The return URL with `{order_id}` filled in (URL-encoded), or null when there is none. */
function returnTarget(url: string | null, orderId: string): string | null {
  if (!url) return null;
  return url.replace(/\{order_id\}/g, encodeURIComponent(orderId));
}

/**
 * Answers the hosted page; `path` is "/session/{payment_session_id}" or "/link/{slug}" ("/": the
 * test controls, handleControls). GET (and
 * HEAD) shows it (404 unknown, 410 closed); POST with `outcome=pay|fail|drop` from the page's own
 * origin (403 otherwise, see postedFromOrigin) settles an attempt, delivers the webhook and
 * redirects (303) to the return URL; 400 for no outcome, 409 already paid, 405 another method.
 * A request that accepts JSON (a same-origin script) gets JSON answers instead of pages.
 */
export async function handleHosted(state: SimulatorState, request: Request, path: string): Promise<Response> {
  const [kind, id] = path.split("/").filter(Boolean).map(decodeURIComponent);
  const method = request.method.toUpperCase();
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (kind === undefined) return handleControls(state, request, method, wantsJson);
  const order = kind === "session" && id ? state.sessions.get(id) : undefined;
  const link = kind === "link" && id ? state.linkSlugs.get(id) : undefined;
  if (!order && !link) {
    if (wantsJson) return jsonResponse({ message: "payment session not found", code: "session_not_found", type: "invalid_request_error" }, 404);
    return page("Not found — Cashfree simulator", `<span class="badge">TEST MODE</span><h1>Payment not found</h1><p>This payment page does not exist or has expired.</p>`, 404);
  }
  const paid = order ? order.status === "PAID" : link!.status === "PAID";
  // A terminate Cashfree is still working on already stops new payments (only one in flight may still succeed).
  const closed = order ? order.status === "TERMINATED" || order.status === "TERMINATION_REQUESTED" : link!.status === "CANCELLED";
  const returnUrl = order ? returnTarget(order.returnUrl, order.orderId) : returnTarget(link!.returnUrl, link!.linkId);
  const action = new URL(request.url).pathname;
  const closedPage = () =>
    wantsJson
      ? jsonResponse({ message: "this payment is no longer open", code: "payment_closed", type: "invalid_request_error" }, 410)
      : page(
          "Closed — Cashfree simulator",
          `<span class="badge">TEST MODE</span><h1>This payment is no longer open</h1><p>The store cancelled it. Please go back to the store and try again.</p>${
            returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the store</a></p>` : ""
          }`,
          410,
        );

  if (method === "GET" || method === "HEAD") {
    if (closed && !paid) return closedPage();
    return order
      ? hostedPage(action, order.amountPaise, order.orderId, order.note, paid, returnUrl)
      : hostedPage(action, link!.amountPaise, link!.linkId, link!.purpose, paid, returnUrl);
  }
  if (method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "GET, POST" } });
  // Only the page itself may press Pay (issue 8 item 1): a form or script on another origin, or
  // a request that names no origin at all, is refused before anything is read or settled.
  const pageOrigin = order ? new URL(state.hostedBase(order.returnUrl)).origin : new URL(link!.url).origin;
  if (!postedFromOrigin(request, pageOrigin)) {
    if (wantsJson) return jsonResponse({ message: "cross-origin payment requests are refused", code: "forbidden_origin", type: "invalid_request_error" }, 403);
    return page("Refused — Cashfree simulator", `<h1>This payment form can only be sent from its own page.</h1>`, 403);
  }
  if (closed && !paid) return closedPage();

  const form = await readFormData(request).catch(() => null);
  const choice = String(form?.get("outcome") ?? "");
  const outcome: SimulatedOutcome | null =
    choice === "pay" ? "SUCCESS" : choice === "fail" ? "FAILED" : choice === "drop" ? "USER_DROPPED" : null;
  if (!outcome) {
    if (wantsJson) return jsonResponse({ message: "outcome must be pay, fail or drop", code: "request_invalid", type: "invalid_request_error" }, 400);
    return page("Choose — Cashfree simulator", `<h1>Please choose Pay or Fail.</h1>`, 400);
  }
  if (paid) {
    if (wantsJson) return jsonResponse({ message: "order is already paid", code: "order_already_paid", type: "invalid_request_error" }, 409);
    return order
      ? hostedPage(action, order.amountPaise, order.orderId, order.note, true, returnUrl)
      : hostedPage(action, link!.amountPaise, link!.linkId, link!.purpose, true, returnUrl);
  }
  const { payment } = order ? await settleOrder(state, order, outcome, true) : await settleLink(state, link!, outcome, true);
  if (wantsJson) {
    return jsonResponse(
      { order_id: order ? order.orderId : link!.linkId, cf_payment_id: String(payment.cf_payment_id), payment_status: payment.payment_status, payment_message: payment.payment_message },
      200,
    );
  }
  if (returnUrl) return new Response(null, { status: 303, headers: { location: returnUrl, "cache-control": "no-store" } });
  return page("Done — Cashfree simulator", `<span class="badge">TEST MODE</span><h1>${outcome === "SUCCESS" ? "Payment successful" : "Payment failed"}</h1>`);
}

/**
 * Whether a form post comes from a page on `origin` (issue 8 item 1; OWASP CSRF cheat sheet,
 * "verifying origin with standard headers"): its `Origin` is exactly `origin`; or, from a browser
 * that sends no `Origin` on form posts (lynx, w3m, some older browsers), its `Referer` is a page on
 * `origin`. Neither header → refused. A page on another site can neither set `Origin` nor forge a
 * `Referer` on our origin, so both paths keep cross-site posts out (docs/decisions/0310).
 */
export function postedFromOrigin(request: Request, origin: string): boolean {
  const claimed = request.headers.get("origin");
  if (claimed !== null) return claimed === origin;
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === origin;
  } catch {
    return false;
  }
}
