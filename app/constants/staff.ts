/** Back-office roles (issue 12; DESIGN.md §18): a user with no role is a shopper. */
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff session ends after this long without a request, in ms (issue 12: 12 hours idle). */
export const STAFF_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** A staff session's `last_seen_at` is written at most this often, in ms (one write a minute, not one a request). */
export const STAFF_SEEN_WRITE_EVERY_MS = 60 * 1000;

/** `role` if it is a staff role, else null (a shopper, or a value the code does not know). */
export function asStaffRole(role: string | null | undefined): StaffRole | null {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "") ? (role as StaffRole) : null;
}
