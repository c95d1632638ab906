import { z } from "zod";
import { getEnv } from "~/config/env.server";
import { newsletterDraftSchema, newsletterSignUpSchema } from "~/schemas/newsletter";
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

/**
 * The newsletter box's post (schemas/newsletter `newsletterSignUpSchema`): the parsed fields, or
 * the first problem's sentence. Kept here so zod stays out of the pages' browser code.
 */
export function parseNewsletterSignUp(formData: FormData) {
  return newsletterSignUpSchema.safeParse(Object.fromEntries([...formData].filter(([, value]) => typeof value === "string")));
}

/** The back office composer's post (`newsletterDraftSchema`): subject and body, or the problems by field. */
export function parseNewsletterDraft(formData: FormData) {
  return newsletterDraftSchema.safeParse({ intent: "send", subject: formData.get("subject") ?? undefined, body: formData.get("body") ?? undefined });
}

/** `?page=` of the back office's subscriber list: a whole number from 1, else 1. */
export function parseSubscriberPage(url: URL): number {
  return z.coerce.number().int().min(1).max(1_000_000).catch(1).parse(url.searchParams.get("page") ?? 1);
}
