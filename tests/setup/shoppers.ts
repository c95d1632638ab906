import crypto from "node:crypto";

/** A shopper as the Store API registers one. */
export type RegisteredShopper = { email: string; password: string; token: string };

/** Registers a new shopper through `base`'s Store API (`/api/user/register`); answers the credentials and token. */
export async function registerShopper(base: string, label = "shopper"): Promise<RegisteredShopper> {
  const email = `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`;
  const password = "correct horse 42";
  const response = await fetch(`${base}/api/user/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "Asha Rao", email, password }),
  });
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return { email, password, token };
}

/** Adds one of each product (size "default") to the shopper's cart through `base`'s Store API. */
export async function addToCart(base: string, token: string, productIds: readonly string[]): Promise<void> {
  for (const itemId of productIds) {
    const response = await fetch(`${base}/api/cart/add`, {
      method: "POST",
      headers: { "content-type": "application/json", token },
      body: JSON.stringify({ itemId, size: "default" }),
    });
    if (!response.ok) throw new Error(`cart add answered ${response.status}`);
  }
}

/**
 * Logs the shopper in through `storefront`'s /login form (Origin `origin`, the storefront's own by
 * default) and answers the cookies a browser would send next (`name=value; …`). Throws unless the
 * form answered 303.
 */
export async function logInCookie(storefront: string, shopper: { email: string; password: string }, origin = storefront): Promise<string> {
  const login = await fetch(`${storefront}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ email: shopper.email, password: shopper.password }),
    redirect: "manual",
  });
  if (login.status !== 303) throw new Error(`the login form answered ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}
