import type { Executor } from "~/db/db.server";
import { auditChanges, type AuditEntryView } from "~/lib/admin-format";

/**
 * The back office's audit log (issue 12; DESIGN.md §18): every change made there, or by the
 * owner's terminal commands, is one row — who, when (ms since epoch), what, and the item's state
 * before and after as JSON. Write it in the transaction of the change itself, so a change is never
 * without its row and a row never without its change.
 */

/** Who made a change: a staff member (id and email) or a terminal command (`id` null, e.g. "cli:orders:status"). */
export type Actor = { id: number | null; email: string };

/** One audit entry as the back office shows it. */
export type AuditEntry = {
  id: number;
  at: number;
  actorEmail: string;
  action: string;
  before: unknown;
  after: unknown;
};

/**
 * Writes one audit row on `trx` (a transaction or the database). `entity` names the kind of item
 * (`order`, `product`, `user`, `catalogue`), `entityId` its id; `before`/`after` are stored as JSON
 * (undefined → null). Throws only what the database throws.
 */
export async function recordAudit(
  trx: Executor,
  entry: { actor: Actor; entity: string; entityId: string; action: string; before?: unknown; after?: unknown; at?: number },
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      at: entry.at ?? Date.now(),
      actor_user_id: entry.actor.id,
      actor_email: entry.actor.email,
      entity: entry.entity,
      entity_id: entry.entityId,
      action: entry.action,
      before_json: entry.before === undefined ? null : JSON.stringify(entry.before),
      after_json: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** The audit entries of one item as the back office shows them: field-by-field changes, newest first. */
export async function auditTrail(db: Executor, entity: string, entityId: string): Promise<AuditEntryView[]> {
  return (await listAudit(db, entity, entityId)).map((entry) => ({
    id: entry.id,
    at: entry.at,
    actorEmail: entry.actorEmail,
    action: entry.action,
    changes: auditChanges(entry.before, entry.after),
  }));
}

/** The audit entries of one item, newest first (at most `limit`, default 200). */
export async function listAudit(db: Executor, entity: string, entityId: string, limit = 200): Promise<AuditEntry[]> {
  const rows = await db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .orderBy("at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    at: Number(row.at),
    actorEmail: row.actor_email,
    action: row.action,
    before: row.before_json === null ? null : JSON.parse(row.before_json),
    after: row.after_json === null ? null : JSON.parse(row.after_json),
  }));
}
