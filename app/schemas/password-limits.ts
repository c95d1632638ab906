/**
 * New passwords: 12..128 characters (DESIGN.md §16, ASVS 2.1.1–2.1.2; docs/decisions/0321). A
 * module of its own so a page can show the limits as native attributes without the account forms'
 * browser rules (app/schemas/account-rules.ts re-exports them).
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
