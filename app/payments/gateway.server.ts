import crypto from "node:crypto";
import {
  CASHFREE_BASE_URLS,
  createCashfreeClient,
  type CashfreeClient,
} from "~/payments/cashfree.server";
import { createCashfreeSimulator, type CashfreeSimulator } from "~/payments/simulator.server";
import { getEnv, publicUrl, type Env } from "~/utils/env.server";
import { getSessionSecret } from "~/utils/secret.server";

/**
 * The payment gateway of this process (DESIGN.md §9): real Cashfree when CASHFREE_APP_ID and
 * CASHFREE_SECRET_KEY are both set, else the in-process simulator ("Test mode"). The simulator can
 * never be active when credentials are set: the choice is made from the credentials alone.
 */
export type PaymentGateway = {
  mode: "live" | "simulator";
  client: CashfreeClient;
  /** The key Cashfree signs webhooks with: the client secret (the simulator's own in test mode). */
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
 * Builds the gateway for a configuration. Throws when only one of the two credentials is set,
 * naming both (a half-configured live store must not fall back to the simulator).
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

  const simulatorSecret =
    options.simulatorSecret ??
    crypto.createHmac("sha256", getSessionSecret()).update("cashfree-simulator").digest("hex");
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

/** The process's gateway, built on first use from the environment. */
export function getPaymentGateway(): PaymentGateway {
  globalThis.__storePaymentGateway ??= createPaymentGateway(getEnv());
  return globalThis.__storePaymentGateway;
}

/**
 * The store's absolute base URL for return and notify URLs: `publicUrl()` (PUBLIC_URL, else
 * http://localhost:$PORT), never the request's Host (DESIGN.md §16). No trailing slash.
 */
export function storeUrlFor(_request: Request): string {
  return publicUrl();
}
