/**
 * A stand-in for Cashfree's browser script (https://sdk.cashfree.com/js/v3/cashfree.js), served
 * by Playwright's `page.route` so the checkout page's real client code (the
 * @cashfreepayments/cashfree-js loader, `load({mode})`, `checkout({paymentSessionId,
 * redirectTarget: "_modal"})`) runs without the internet. Its "modal" is a dialog with Pay and
 * Fail buttons that settle the payment session on the fake Cashfree server's /modal/ endpoint
 * (what Cashfree's modal does in its own frame; the server then sends the
 * store its signed webhook, as Cashfree does) and resolve `checkout()` the way Cashfree.js does:
 * `{paymentDetails}` after a payment, `{error}` otherwise.
 */
export const CASHFREE_SCRIPT_URL = "https://sdk.cashfree.com/js/v3/cashfree.js";

/** The provider's message the stand-in reports for a failed payment. */
export const STAND_IN_FAILURE_MESSAGE = "Your bank declined the payment";

export function cashfreeStandInScript(fakeCashfreeUrl: string): string {
  return `(function () {
  var FAKE = ${JSON.stringify(fakeCashfreeUrl)};
  window.Cashfree = function (options) {
    window.__cashfreeMode = options && options.mode;
    return {
      checkout: function (opts) {
        window.__cashfreeCheckout = { paymentSessionId: opts.paymentSessionId, redirectTarget: opts.redirectTarget };
        return new Promise(function (resolve) {
          var overlay = document.createElement("div");
          overlay.setAttribute("role", "dialog");
          overlay.setAttribute("aria-modal", "true");
          overlay.setAttribute("aria-label", "Cashfree checkout");
          overlay.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center;z-index:10000";
          overlay.innerHTML = '<div style="background:#fff;padding:24px;border-radius:8px;font-family:sans-serif"><p>Cashfree (test stand-in)</p>' +
            '<button type="button" data-outcome="pay">Pay</button> <button type="button" data-outcome="fail">Fail</button></div>';
          document.body.appendChild(overlay);
          overlay.addEventListener("click", function (event) {
            var outcome = event.target && event.target.getAttribute && event.target.getAttribute("data-outcome");
            if (!outcome) return;
            fetch(FAKE + "/modal/session/" + encodeURIComponent(opts.paymentSessionId), {
              method: "POST",
              headers: { accept: "application/json" },
              body: new URLSearchParams({ outcome: outcome })
            })
              .then(function (response) { return response.json(); })
              .then(function (answer) {
                overlay.remove();
                if (answer.payment_status === "SUCCESS") resolve({ paymentDetails: { paymentMessage: answer.payment_message } });
                else resolve({ error: { message: ${JSON.stringify(STAND_IN_FAILURE_MESSAGE)}, code: "payment_failed", type: "payment_error" } });
              });
          });
        });
      }
    };
  };
})();`;
}
