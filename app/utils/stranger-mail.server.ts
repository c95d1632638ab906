import crypto from "node:crypto";
import { getEnv } from "~/config/env.server";
import { canonicalMailbox } from "~/lib/mailbox";
import { clientAddress, limitShopper } from "~/utils/rate-limit.server";
import { log } from "~/observability/log.server";

/**
 * The one gate for mail a visitor can make the store send to an address that has not asked for
 * it (issue 43 item 2; docs/decisions/0920): a complaint's confirmation or acknowledgement, a
 * newsletter confirmation, a password reset link. Each is counted three ways, in the rate
 * limiter's store (PostgreSQL: the `rate_limits` table, shared by processes; SQLite: memory):
 *
 * - **per recipient mailbox** — the canonical mailbox (`lib/mailbox.ts`: `+tag`, Yahoo's `-tag`,
 *   Gmail's dots folded), stored as a hash — per kind, so a flood of one kind never stops another
 *   (a shopper's own reset still works while someone files complaints in their name);
 * - **per client address**, per kind, behind TRUST_PROXY (the last X-Forwarded-For hop);
 * - **store-wide**, every kind together: STRANGER_MAIL_PER_HOUR (300).
 *
 * Callers send nothing when it refuses, and (but for a signed-in shopper's own complaint) answer
 * the visitor exactly as when it allows, so the answer tells nothing about an address.
 */

/** The mails a stranger can cause, as the gate counts them. */
export type StrangerMailKind = "grievance" | "newsletter_confirm" | "password_reset";

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/**
 * Each kind's limits: mails per canonical mailbox in `mailbox.seconds`, requests per client
 * address (TRUST_PROXY) an hour. The numbers the store used per exact address before (decisions
 * 0700, 0720, 0750), now per mailbox.
 */
export const STRANGER_MAIL_LIMITS: Readonly<Record<StrangerMailKind, { mailbox: { points: number; seconds: number }; clientPerHour: number }>> = {
  grievance: { mailbox: { points: 5, seconds: DAY }, clientPerHour: 10 },
  newsletter_confirm: { mailbox: { points: 3, seconds: DAY }, clientPerHour: 10 },
  password_reset: { mailbox: { points: 3, seconds: HOUR }, clientPerHour: 10 },
};

/** The three counts a mail passes. */
type StrangerMailLimit = "client" | "mailbox" | "store";

/** Which limit refused a mail (for the log; never for the visitor's answer). */
export type StrangerMailVerdict = { ok: true } | { ok: false; limit: StrangerMailLimit; retryAfterSeconds: number };

/** The per-mailbox key: SHA-256 of the canonical mailbox (no address in the limiter's table). */
function mailboxKey(email: string): string {
  return crypto.createHash("sha256").update(canonicalMailbox(email)).digest("base64url");
}

/**
 * Counts one `kind` mail to `recipient` (an address already checked by the caller's schema)
 * caused by `request`, against the client address (TRUST_PROXY only), the recipient's canonical
 * mailbox and the store-wide hour, in that order; a refusal stops the count there. Resolves
 * `{ok:false, limit}` once one is spent — the caller sends nothing. Logs a refusal without the
 * address. Rejects when the PostgreSQL table of the limits cannot be created.
 */
export async function strangerMailAllowed(request: Request, kind: StrangerMailKind, recipient: string): Promise<StrangerMailVerdict> {
  const env = getEnv();
  const limits = STRANGER_MAIL_LIMITS[kind];
  const address = clientAddress(request, env.TRUST_PROXY);
  const checks: [StrangerMailLimit, () => ReturnType<typeof limitShopper>][] = [
    ...(address ? [["client", () => limitShopper(`stranger-client-${kind}`, address, limits.clientPerHour, HOUR)] as [StrangerMailLimit, () => ReturnType<typeof limitShopper>]] : []),
    ["mailbox", () => limitShopper(`stranger-mailbox-${kind}`, mailboxKey(recipient), limits.mailbox.points, limits.mailbox.seconds)],
    ["store", () => limitShopper("stranger-store", "all", env.STRANGER_MAIL_PER_HOUR, HOUR)],
  ];
  for (const [limit, check] of checks) {
    const result = await check();
    if (!result.ok) {
      log.warn(
        { kind, limit, retryAfterSeconds: result.retryAfterSeconds },
        `Stranger mail: the per-${limit} limit of ${kind} mail was reached; nothing sent (again in ${result.retryAfterSeconds} s).`,
      );
      return { ok: false, limit, retryAfterSeconds: result.retryAfterSeconds };
    }
  }
  return { ok: true };
}
