import { getEnv } from "~/config/env.server";
import { clientAddress, limitShopper } from "~/utils/rate-limit.server";

/** Sign-ups one client address may post in an hour (issue 24 item 3); only behind TRUST_PROXY, where the address is known. */
export const NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR = 10;

/**
 * Counts one newsletter sign-up against the client's address (TRUST_PROXY only: without it no
 * address can be known safely, and the per-email and per-store limits of the service still
 * apply). True while the address is within NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR.
 */
export async function newsletterAddressAllowed(request: Request): Promise<boolean> {
  const address = clientAddress(request, getEnv().TRUST_PROXY);
  if (!address) return true;
  return (await limitShopper("newsletter-address", address, NEWSLETTER_SIGNUPS_PER_ADDRESS_PER_HOUR, 60 * 60)).ok;
}
