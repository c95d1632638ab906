import { hasControlCharacters, controlCharactersMessage } from "~/schemas/text";

/**
 * The browser's half of a form's rules, without zod (DESIGN.md §17; docs/decisions/0530): what a
 * field's zod schema checks, written as plain data the page can check as the shopper types and
 * turn into native constraint attributes (`required`, `minLength`, `maxLength`), so the full zod
 * stays on the server. Each rule mirrors one schema of `app/schemas/*` check for check and
 * message for message; tests/unit/field-rules.test.ts holds every rule to its schema, so the two
 * cannot drift. The server still parses every submission with the zod schema.
 */

/** One check of a field's value (after trimming, if the rule trims), in the schema's order. */
export type FieldCheck =
  | { kind: "minLength"; value: number; message: string }
  | { kind: "maxLength"; value: number; message: string }
  /** A regex tested on the value (after `normalise`, if given). */
  | { kind: "pattern"; value: RegExp; message: string; normalise?: (value: string) => string }
  /** Any other rule of the schema (a list of allowed values, "India"): its message, or null. */
  | { kind: "custom"; problem: (value: string) => string | null }
  /** No control characters (app/schemas/text.ts `plainText`); `label` starts the message. */
  | { kind: "plainText"; label: string };

/** A field's rules: the message for an empty or missing field, then its checks. */
export type FieldRule = {
  /** What an empty field answers (conform reads "" as missing). */
  missing: string;
  /** Spaces around the value are dropped before the checks (zod's `.trim()`). */
  trim: boolean;
  checks: readonly FieldCheck[];
};

/** A form's rules by field name. */
export type FormRules = Readonly<Record<string, FieldRule>>;

/**
 * The message of the first check `value` fails, or null when it passes (what zod's first issue
 * says). Lengths count code points, as zod 4 does ("😀" is one character).
 */
export function checkField(rule: FieldRule, value: string): string | null {
  if (value === "") return rule.missing;
  const text = rule.trim ? value.trim() : value;
  const length = Array.from(text).length;
  for (const check of rule.checks) {
    switch (check.kind) {
      case "minLength":
        if (length < check.value) return check.message;
        break;
      case "maxLength":
        if (length > check.value) return check.message;
        break;
      case "pattern":
        if (!check.value.test(check.normalise ? check.normalise(text) : text)) return check.message;
        break;
      case "custom": {
        const problem = check.problem(text);
        if (problem) return problem;
        break;
      }
      case "plainText":
        if (hasControlCharacters(text)) return controlCharactersMessage(check.label);
        break;
    }
  }
  return null;
}

/**
 * Every field's first problem in `formData` (a missing field reads as empty), or null when the
 * form passes. Keyed like conform's `submission.error`: field name → messages.
 */
export function checkForm(rules: FormRules, formData: FormData): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  for (const [name, rule] of Object.entries(rules)) {
    const value = formData.get(name);
    const message = checkField(rule, typeof value === "string" ? value : "");
    if (message) errors[name] = [message];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Native constraint attributes of one field (they work without JavaScript). */
export type FieldConstraint = { required: true; minLength?: number; maxLength?: number };

/**
 * The native attributes of a rule: `required`, and the tightest `minLength` (above 1) and
 * `maxLength` of its checks. Same shape as conform's constraint objects.
 */
export function fieldConstraint(rule: FieldRule): FieldConstraint {
  const constraint: FieldConstraint = { required: true };
  for (const check of rule.checks) {
    if (check.kind === "minLength" && check.value > 1) constraint.minLength = Math.max(constraint.minLength ?? 0, check.value);
    if (check.kind === "maxLength") constraint.maxLength = Math.min(constraint.maxLength ?? Infinity, check.value);
  }
  return constraint;
}

/** The native attributes of every field of a form, for conform's `constraint` option. */
export function formConstraint<R extends FormRules>(rules: R): Record<keyof R, FieldConstraint> {
  return Object.fromEntries(Object.entries(rules).map(([name, rule]) => [name, fieldConstraint(rule)])) as Record<keyof R, FieldConstraint>;
}
