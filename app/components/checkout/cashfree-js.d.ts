/**
 * Types for @cashfreepayments/cashfree-js 1.0.7, which ships none (TOOLCHAIN.md): the loader's
 * `load({mode})` and the part of Cashfree.js the checkout uses, `checkout()` (Cashfree.js docs).
 */
declare module "@cashfreepayments/cashfree-js" {
  export type CashfreeCheckoutResult = {
    error?: { message?: string; code?: string; type?: string };
    redirect?: boolean;
    paymentDetails?: { paymentMessage?: string };
  };
  export type CashfreeInstance = {
    checkout(options: {
      paymentSessionId: string;
      redirectTarget?: "_self" | "_blank" | "_top" | "_modal" | HTMLElement;
      returnUrl?: string;
    }): Promise<CashfreeCheckoutResult>;
  };
  /** Injects https://sdk.cashfree.com/js/v3/cashfree.js (on import) and resolves Cashfree, or null on the server. */
  export function load(options: { mode: "sandbox" | "production" }): Promise<CashfreeInstance | null>;
}
