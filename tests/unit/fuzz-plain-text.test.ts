import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cartAddBodySchema, cartUpdateBodySchema, nameSchema, registerBodySchema, sizeKeySchema } from "~/schemas/api";
import { addressSchema, orderBodySchema } from "~/schemas/orders";
import { hasControlCharacters } from "~/schemas/text";
import { ADDRESS } from "../fixtures/address";

/**
 * Plain-text fields (issue 8 item 17; app/schemas/text.ts): a name, a cart line's size-or-colour
 * key and the one-line address fields refuse any control character with a readable sentence —
 * before a NUL reaches PostgreSQL, which answered 500 for it — and accept everything else as before.
 */

const controlChar = fc.integer({ min: 0, max: 0x9f }).filter((c) => c < 0x20 || c >= 0x7f).map((c) => String.fromCharCode(c));
/** A value with a control character inside (not only at the ends, which `.trim()` forgives for whitespace). */
const withControl = fc.tuple(fc.string({ minLength: 1, maxLength: 10 }), controlChar, fc.string({ minLength: 1, maxLength: 10 })).map(([a, c, b]) => `x${a}${c}${b}x`);

describe("plain-text fields", () => {
  it("refuse a control character anywhere inside, with a sentence that says so", () => {
    fc.assert(
      fc.property(withControl, (value) => {
        const cases = [
          [nameSchema, "Your name must not contain control characters."],
          [sizeKeySchema, "The size or colour must not contain control characters."],
        ] as const;
        for (const [schema, message] of cases) {
          const parsed = schema.safeParse(value);
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("refuse NUL in every body that reaches a text column", () => {
    const nul = "Asha\u0000Rao";
    const messages = [
      registerBodySchema.safeParse({ name: nul, email: "asha@example.in", password: "Proof-test-password-1" }),
      cartAddBodySchema.safeParse({ itemId: "w00001", size: "Gold\u0000" }),
      cartUpdateBodySchema.safeParse({ itemId: "w00001", size: "de\u0000fault", quantity: 1 }),
      ...(["firstName", "lastName", "street", "city"] as const).map((field) => addressSchema.safeParse({ ...ADDRESS, [field]: nul })),
      orderBodySchema.safeParse({ address: ADDRESS, items: [{ _id: "w00001", size: "Gold\u0000", quantity: 1 }] }),
    ].map((parsed) => (parsed.success ? "accepted" : parsed.error.issues[0].message));
    expect(messages).toEqual([
      "Your name must not contain control characters.",
      "The size or colour must not contain control characters.",
      "The size or colour must not contain control characters.",
      "Your first name must not contain control characters.",
      "Your last name must not contain control characters.",
      "The street address must not contain control characters.",
      "The city must not contain control characters.",
      "The size or colour must not contain control characters.",
    ]);
  });

  it("accept any other text as before: unicode names, trimmed surroundings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }), (value) => {
        fc.pre(!hasControlCharacters(value) && value.trim() !== "");
        expect(nameSchema.safeParse(value).data).toBe(value.trim());
        expect(addressSchema.safeParse({ ...ADDRESS, street: value }).data?.street).toBe(value.trim());
      }),
      { numRuns: 500 },
    );
    expect(nameSchema.parse("\tAsha Rao\r\n")).toBe("Asha Rao");
  });
});
