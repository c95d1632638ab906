import type { CashfreeCheckoutResult, CashfreeInstance } from "@cashfreepayments/cashfree-js";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "~/components/toast";
import { usePhrase } from "~/i18n/use-phrase";
import { ORDER_MESSAGES } from "~/schemas/order-constants";

export type CashfreeModalState = "off" | "loading" | "ready" | "failed";

/**
 * What the modal's promise said. `ended`: Cashfree.js resolved without `error` — NOT a payment
 * (Cashfree's own samples carry `paymentDetails` whatever the outcome, issue 44 item 2): only the
 * server's verify knows. `failed`: Cashfree.js reported an error. `unavailable`: no Cashfree loaded.
 */
export type CashfreeModalOutcome =
  | { kind: "ended"; message: string | null }
  | { kind: "failed"; message: string }
  | { kind: "unavailable" };

/**
 * Cashfree's modal checkout on the checkout page only (DESIGN.md §9, TOOLCHAIN.md): when
 * `enabled`, imports @cashfreepayments/cashfree-js after hydration (the import itself injects
 * Cashfree's script) and calls `load({mode})`. A failed load shows 'Failed to initialize payment
 * gateway' and leaves the state `failed`, so the page falls back to the hosted payment page.
 * `open(sessionId)` runs `checkout({paymentSessionId, redirectTarget: "_modal"})`; without a
 * loaded Cashfree it shows 'Payment gateway not initialized. Please try again.'; a failed or
 * closed payment shows the provider's message or 'Payment failed. Please try again.'. A result
 * without `error` shows nothing (outcome `ended`): the caller asks the server's verify, whose
 * answer is the only outcome shown — never a success toast before it (issue 44 item 2; a SPEC.md §8
 * deviation, docs/decisions/0961: 'Payment successful! Verifying...' is no longer shown).
 */
export function useCashfreeModal(enabled: boolean, mode: "sandbox" | "production") {
  const cashfree = useRef<CashfreeInstance | null>(null);
  // SPEC.md §8's toasts in the page's language (docs/decisions/0890); the provider's own message stays as it says.
  const phrase = usePhrase();
  const say = useRef(phrase);
  useEffect(() => {
    say.current = phrase;
  });
  const [state, setState] = useState<CashfreeModalState>(enabled ? "loading" : "off");

  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    import("@cashfreepayments/cashfree-js")
      .then(({ load }) => load({ mode }))
      .then((instance) => {
        if (!instance) throw new Error("Cashfree.js did not load");
        if (cancelled) return;
        cashfree.current = instance;
        setState("ready");
      })
      .catch(() => {
        // The toast below says what happened (docs/decisions/1000: no browser console lines).
        if (cancelled) return;
        setState("failed");
        showToast(say.current(ORDER_MESSAGES.gatewayInitFailed), "error");
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, mode]);

  const open = useCallback(async (paymentSessionId: string): Promise<CashfreeModalOutcome> => {
    if (!cashfree.current) {
      showToast(say.current(ORDER_MESSAGES.gatewayNotInitialized), "error");
      return { kind: "unavailable" };
    }
    let result: CashfreeCheckoutResult;
    try {
      result = await cashfree.current.checkout({ paymentSessionId, redirectTarget: "_modal" });
    } catch (error) {
      result = { error: { message: (error as Error)?.message } };
    }
    if (result?.error) {
      const message = result.error.message?.trim() || ORDER_MESSAGES.paymentFailed;
      showToast(say.current(message), "error");
      return { kind: "failed", message };
    }
    // Cashfree.js resolves with paymentDetails for failed payments too: only /verify says it is paid.
    return { kind: "ended", message: result?.paymentDetails?.paymentMessage ?? null };
  }, []);

  return { state, open };
}
