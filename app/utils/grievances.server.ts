import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { getBackend } from "~/backend/index.server";
import type { Account } from "~/backend/own/types";
import { BackendError } from "~/lib/errors";
import { getEnv } from "~/config/env.server";
import { grievanceFormSchema } from "~/schemas/grievance";
import { clientAddress, limitShopper } from "~/utils/rate-limit.server";
import { getSessionToken } from "~/utils/session.server";

/** Complaints one email may file in a day, and one client address in an hour (behind TRUST_PROXY). */
export const GRIEVANCES_PER_EMAIL_PER_DAY = 5;
export const GRIEVANCES_PER_ADDRESS_PER_HOUR = 10;

/** /grievance's form, parsed with its zod schema (server only: the browser gets native constraints). */
export function parseGrievanceForm(formData: FormData) {
  return parseWithZod(formData, { schema: grievanceFormSchema });
}

/**
 * Counts one complaint against the filer's email (hashed; GRIEVANCES_PER_EMAIL_PER_DAY) and, with
 * TRUST_PROXY, the client address (GRIEVANCES_PER_ADDRESS_PER_HOUR), in rate-limiter-flexible's
 * store (PostgreSQL: shared by processes). False once either is spent: each acknowledgement is an
 * email to the address typed, so a flood must not turn the store into someone's spammer.
 */
export async function grievanceAllowed(request: Request, email: string): Promise<boolean> {
  const address = clientAddress(request, getEnv().TRUST_PROXY);
  if (address && !(await limitShopper("grievance-address", address, GRIEVANCES_PER_ADDRESS_PER_HOUR, 60 * 60)).ok) return false;
  const emailKey = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return (await limitShopper("grievance-email", emailKey, GRIEVANCES_PER_EMAIL_PER_DAY, 24 * 60 * 60)).ok;
}

/** The signed-in shopper of the request (their account), or null for a visitor or an expired session. */
export async function grievanceFiler(request: Request): Promise<Account | null> {
  const own = getBackend().own;
  const token = await getSessionToken(request);
  if (!own || !token) return null;
  try {
    return await own.accounts.requireAccount(token);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

/** The store's own grievances, or a 404 Response where the store has none (a remote Store API). */
export function grievancesOwn() {
  const { own, capabilities } = getBackend();
  if (!own || !capabilities.grievances) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return own;
}
