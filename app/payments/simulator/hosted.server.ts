import { formatPaise } from "~/lib/money";
import { readFormData } from "~/http/body.server";
import { jsonResponse } from "./shapes.server";
import type { SimulatorState } from "./state.server";
import type { SimulatedOutcome } from "./types";
import { settleLink, settleOrder } from "./webhooks.server";

/**
 * The simulator's hosted payment page (DESIGN.md §9, test mode): what Cashfree's hosted checkout
 * is for a real store — the amount, the reference, and "Pay" and "Fail" buttons that settle the
 * attempt, send the signed webhook and return the shopper to the store (issue 8 item 1: only the
 * page's own origin may press them).
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

/** The return URL with `{order_id}` filled in (URL-encoded), or null when there is none. */
function returnTarget(url: string | null, orderId: string): string | null {
  if (!url) return null;
  return url.replace(/\{order_id\}/g, encodeURIComponent(orderId));
}

/**
 * Answers the hosted page; `path` is "/session/{payment_session_id}" or "/link/{slug}". GET (and
 * HEAD) shows it (404 unknown, 410 closed); POST with `outcome=pay|fail|drop` from the page's own
 * origin (403 otherwise, see postedFromOrigin) settles an attempt, delivers the webhook and
 * redirects (303) to the return URL; 400 for no outcome, 409 already paid, 405 another method.
 * A request that accepts JSON (a same-origin script) gets JSON answers instead of pages.
 */
export async function handleHosted(state: SimulatorState, request: Request, path: string): Promise<Response> {
  const [kind, id] = path.split("/").filter(Boolean).map(decodeURIComponent);
  const method = request.method.toUpperCase();
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const order = kind === "session" && id ? state.sessions.get(id) : undefined;
  const link = kind === "link" && id ? state.linkSlugs.get(id) : undefined;
  if (!order && !link) {
    if (wantsJson) return jsonResponse({ message: "payment session not found", code: "session_not_found", type: "invalid_request_error" }, 404);
    return page("Not found — Cashfree simulator", `<span class="badge">TEST MODE</span><h1>Payment not found</h1><p>This payment page does not exist or has expired.</p>`, 404);
  }
  const paid = order ? order.status === "PAID" : link!.status === "PAID";
  const closed = order ? order.status === "TERMINATED" : link!.status === "CANCELLED";
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
