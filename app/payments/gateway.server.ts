import crypto from "node:crypto";
import {
  CASHFREE_BASE_URLS,
  createCashfreeClient,
  type CashfreeClient,
} from "~/payments/cashfree.server";
import { createCashfreeSimulator, type CashfreeSimulator } from "~/payments/simulator.server";
import type { CheckoutMode } from "~/schemas/orders";
import { getEnv, paymentSimulatorEnabled, type Env } from "~/config/env.server";

export type { CheckoutMode };

/**
 * The payment gateway of this process (DESIGN.md §9, §16): real Cashfree when CASHFREE_APP_ID and
 * CASHFREE_SECRET_KEY are both set; the in-process simulator ("Test mode") only for a local trial
 * or PAYMENT_SIMULATOR=true (`paymentSimulatorEnabled()`); otherwise none at all.
 */
export type PaymentGateway = {
  mode: "live" | "simulator";
  client: CashfreeClient;
  /** The key Cashfree signs webhooks with: the client secret (the simulator's own random one in test mode). */
  webhookSecret: string;
  /** Mode for Cashfree's browser script, `load({mode})`. */
  sdkMode: "sandbox" | "production";
  /**
   * Whether the return and notify URLs may be plain http: Cashfree wants https, the simulator and
   * a test server at CASHFREE_API_BASE take loopback http.
   */
  allowsHttpCallbacks: boolean;
  /** Set in test mode: serves the hosted page at /payments/simulator/*. */
  simulator: CashfreeSimulator | null;
};

/** Where the in-process simulator pretends Cashfree lives (never resolved on the network). */
const SIMULATOR_BASE = "http://cashfree-simulator.invalid/pg";

declare global {
  var __storePaymentGateway: PaymentGateway | undefined;
}

/**
 * How this store takes money (issue 8 items 1, 4; DESIGN.md §9, §16), as the storefront is told
 * by `Backend.checkoutMode()`:
 * - `gateway`: always "cashfree" (the simulator speaks Cashfree's API);
 * - `environment`: "test" when no real money moves (the built-in simulator, or Cashfree's
 *   sandbox), "live" for Cashfree production; orders record it as their payment mode;
 * - `checkout`: "modal" (Cashfree's script opens its modal with a payment session) or "hosted"
 *   (every shopper pays on a payment link's hosted page: the simulator, whose sessions Cashfree's
 *   real script cannot open);
 * - `simulator`: true when payments go to the store's built-in simulator;
 * - `sdkMode`: the mode for Cashfree's browser script, `load({mode})`.
 */
export function checkoutModeOf(gateway: PaymentGateway): CheckoutMode {
  if (gateway.mode === "simulator") {
    return { gateway: "cashfree", environment: "test", checkout: "hosted", simulator: true, sdkMode: gateway.sdkMode };
  }
  return {
    gateway: "cashfree",
    environment: gateway.sdkMode === "production" ? "live" : "test",
    checkout: "modal",
    simulator: false,
    sdkMode: gateway.sdkMode,
  };
}

/** True when the configuration holds Cashfree production credentials: real money moves (issue 8 item 1). */
export function hasLiveCredentials(env: Env): boolean {
  return Boolean(env.CASHFREE_APP_ID && env.CASHFREE_SECRET_KEY) && env.CASHFREE_ENV === "production";
}

/**
 * Builds the gateway for a configuration. Throws when only one of the two credentials is set,
 * naming both (a half-configured live store must not fall back to the simulator), and when there
 * are no credentials and the simulator is not allowed (a public store: fail closed, issue 8 item 1).
 * The simulator's webhook key is `options.simulatorSecret` or 32 fresh random bytes — never derived
 * from SESSION_SECRET (issue 8 item 7).
 */
export function createPaymentGateway(env: Env, options: { simulatorSecret?: string } = {}): PaymentGateway {
  const appId = env.CASHFREE_APP_ID;
  const secret = env.CASHFREE_SECRET_KEY;
  if (Boolean(appId) !== Boolean(secret)) {
    throw new Error(
      "Set both CASHFREE_APP_ID and CASHFREE_SECRET_KEY for Cashfree, or neither for the built-in payment simulator.",
    );
  }
  if (appId && secret) {
    return {
      mode: "live",
      client: createCashfreeClient({
        baseUrl: env.CASHFREE_API_BASE ?? CASHFREE_BASE_URLS[env.CASHFREE_ENV],
        clientId: appId,
        clientSecret: secret,
      }),
      webhookSecret: secret,
      sdkMode: env.CASHFREE_ENV,
      allowsHttpCallbacks: Boolean(env.CASHFREE_API_BASE),
      simulator: null,
    };
  }
  if (!paymentSimulatorEnabled(env)) {
    throw new Error(
      "This store has no payment gateway: set CASHFREE_APP_ID and CASHFREE_SECRET_KEY to take payments (the built-in simulator runs only for a local trial or with PAYMENT_SIMULATOR=true).",
    );
  }

  const simulatorSecret = options.simulatorSecret ?? crypto.randomBytes(32).toString("base64url");
  const simulator = createCashfreeSimulator({ clientId: "simulator", clientSecret: simulatorSecret });
  const inProcessFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return simulator.handleApi(request, new URL(request.url).pathname.replace(/^\/pg/, ""));
  }) as typeof fetch;
  return {
    mode: "simulator",
    client: createCashfreeClient({
      baseUrl: SIMULATOR_BASE,
      clientId: "simulator",
      clientSecret: simulatorSecret,
      fetch: inProcessFetch,
    }),
    webhookSecret: simulatorSecret,
    sdkMode: env.CASHFREE_ENV,
    allowsHttpCallbacks: true,
    simulator,
  };
}

/**
 * The process's gateway, built on first use from the environment and kept (with the simulator's
 * random webhook key) on globalThis for the life of the process. Throws as createPaymentGateway.
 */
export function getPaymentGateway(): PaymentGateway {
  globalThis.__storePaymentGateway ??= createPaymentGateway(getEnv());
  return globalThis.__storePaymentGateway;
}
