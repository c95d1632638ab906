import { BackendError } from "~/lib/errors";
import type { DB } from "~/db/db.server";
import { STAFF_ROLES, asStaffRole, type StaffRole } from "~/constants/staff";
import { emailSchema } from "~/schemas/api";
import { recordAudit, type Actor } from "~/services/audit.server";

/**
 * Staff roles (issue 12 "Who gets in"; DESIGN.md §18): a user is a shopper (no role) or a staff
 * member, `owner` or `staff`. Roles are granted by `npm run staff:add` (the first owner is made
 * that way) or by an owner on /admin/staff. Every change is audited (entity `staff`, id `roles`: the staff page shows the history).
 */

/** A staff member as the back office knows them. */
export type StaffMember = { id: number; name: string; email: string; role: StaffRole };

/** Every staff member, owners first, then by email. */
export async function listStaff(db: DB): Promise<StaffMember[]> {
  const rows = await db.selectFrom("users").select(["id", "name", "email", "role"]).where("role", "is not", null).orderBy("email").execute();
  return rows
    .flatMap((row) => {
      const role = asStaffRole(row.role);
      return role ? [{ id: Number(row.id), name: row.name, email: row.email, role }] : [];
    })
    .sort((a, b) => (a.role === b.role ? 0 : a.role === "owner" ? -1 : 1));
}

/**
 * Gives the account with `email` the `role` (`owner` or `staff`), or takes its role away
 * (`role` null: a shopper again). `actor` is an owner (the back office) or a terminal command;
 * a `staff` actor is refused (BackendError 403 "Only an owner can change staff roles."). Refuses
 * with BackendError 400 a malformed email or role, 404 an email with no account ("No account with
 * the email …. Ask them to sign up first."), and 409 taking away the last owner's role. Audited.
 */
export async function setStaffRole(
  db: DB,
  input: { email: unknown; role: unknown },
  actor: Actor & { role: StaffRole | "cli" },
  now = Date.now(),
): Promise<{ before: StaffRole | null; after: StaffRole | null; email: string }> {
  if (actor.role !== "owner" && actor.role !== "cli") throw new BackendError(403, "Only an owner can change staff roles.");
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new BackendError(400, "Enter the email address of an existing account.");
  const role = input.role === null ? null : asStaffRole(typeof input.role === "string" ? input.role : null);
  if (input.role !== null && !role) throw new BackendError(400, `The role must be one of: ${STAFF_ROLES.join(", ")}.`);

  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "role"]).where("email", "=", email.data).executeTakeFirst();
    if (!user) throw new BackendError(404, `No account with the email ${email.data}. Ask them to sign up first.`);
    const before = asStaffRole(user.role);
    if (before === "owner" && role !== "owner") {
      const owners = await trx.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("role", "=", "owner").executeTakeFirstOrThrow();
      if (Number(owners.n) <= 1) throw new BackendError(409, "The store needs at least one owner: make another owner first.");
    }
    if (before === role) return { before, after: role, email: email.data };
    await trx.updateTable("users").set({ role }).where("id", "=", user.id).execute();
    // A changed role starts from a fresh sign-in: the account's open sessions end.
    await trx.deleteFrom("sessions").where("user_id", "=", user.id).execute();
    await recordAudit(trx, {
      actor,
      entity: "staff",
      entityId: "roles",
      action: role ? `role ${role}` : "role removed",
      before: { email: email.data, role: before },
      after: { email: email.data, role },
      at: now,
    });
    return { before, after: role, email: email.data };
  });
}
