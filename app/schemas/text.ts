import type { z } from "zod";

/**
 * "Plain text" for fields a shopper types on one line (names, address lines, a cart line's
 * size-or-colour key): no control characters. Isomorphic: no server-only imports.
 *
 * Why (issue 8 item 17): PostgreSQL refuses a NUL byte in a text column, so a NUL in a name or a
 * cart key answered 500 there while SQLite stored it; other control characters (tabs, line breaks,
 * escape, C1 controls) have no place in a one-line field either and break labels, e-mails and logs.
 * See docs/decisions/0340.
 */

/** Unicode general category Cc: C0 controls U+0000–U+001F, DEL U+007F and C1 controls U+0080–U+009F. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/** True when `value` holds a control character (category Cc). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** The sentence a field with a control character answers: "<label> must not contain control characters." */
export function controlCharactersMessage(label: string): string {
  return `${label} must not contain control characters.`;
}

/**
 * Adds the plain-text rule to a string schema: a value with a control character fails with
 * `controlCharactersMessage(label)` (a 400 in every action and API call that parses with it).
 * Apply after `.trim()`, so surrounding spaces, tabs and line breaks are still forgiven.
 */
export function plainText<S extends z.ZodString>(schema: S, label: string): S {
  return schema.refine((value) => !hasControlCharacters(value), controlCharactersMessage(label)) as S;
}
