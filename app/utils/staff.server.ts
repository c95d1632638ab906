import { getBackend } from "~/backend/index.server";
import type { Actor, OwnStore } from "~/backend/own/types";
import { BackendError } from "~/lib/errors";
import type { StaffRole } from "~/constants/staff";
import { requireSameOrigin } from "~/utils/origin.server";
import { getSessionToken } from "~/utils/session.server";

/** The signed-in staff member of an admin request. */
export type StaffUser = { id: number; name: string; email: string; role: StaffRole };

/** What every admin loader and action starts from: the store's own features, the staff member, the audit actor. */
export type StaffContext = { own: OwnStore; staff: StaffUser; actor: Actor };

/** The answer of /admin to anyone who is not staff: the store's ordinary 404 page (issue 12). */
export function adminNotFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

/**
 * Begin every loader and action under /admin with this (issue 12 "Who gets in"; DESIGN.md §18).
 * Answers the staff member of this request's session, read from the database on every call (a
 * role taken away applies at once). Throws:
 * - a 404 Response for a visitor, a shopper, an expired or idle staff session (12 hours), and
 *   on a store without a back office (`capabilities.backOffice` false: its data lives on another
 *   server, which runs the back office itself) — nothing hints that /admin exists;
 * - a 403 Response "Only an owner can …" when `role: "owner"` is asked of a `staff` member;
 * - for a post (an action), the 403 of `requireSameOrigin` when it comes from another site.
 */
export async function requireStaff(request: Request, options: { role?: "owner"; forWhat?: string } = {}): Promise<StaffContext> {
  const { own, capabilities } = getBackend();
  if (!capabilities.backOffice || !own) throw adminNotFound();
  if (request.method !== "GET" && request.method !== "HEAD") requireSameOrigin(request);
  const token = await getSessionToken(request);
  if (!token) throw adminNotFound();
  let account;
  try {
    account = await own.accounts.requireAccount(token);
  } catch (error) {
    if (error instanceof BackendError) throw adminNotFound();
    throw error;
  }
  if (!account.role) throw adminNotFound();
  if (options.role === "owner" && account.role !== "owner") {
    throw new Response(`Only an owner can ${options.forWhat ?? "do this"}.`, { status: 403, statusText: "Forbidden" });
  }
  const staff: StaffUser = { id: account.id, name: account.name, email: account.email, role: account.role };
  return { own, staff, actor: { id: staff.id, email: staff.email } };
}

/**
 * The action of an admin page that has no form of its own: a post there answers a visitor or a
 * shopper with 404, like every other admin address (Remix would answer 405 and give /admin away),
 * and staff with 405. Export it as the route's `action`.
 */
export async function refuseAdminPost({ request }: { request: Request }): Promise<never> {
  await requireStaff(request);
  throw new Response("Method Not Allowed", { status: 405, statusText: "Method Not Allowed" });
}
