import { describe, expect, it } from "vitest";
import { commonPasswordCount, isCommonPassword } from "~/services/passwords.server";
import { newPasswordSchema } from "~/schemas/api";

/** Issue 8 item 14, DESIGN.md §16: 12–128 characters, not on a maintained common-password list. */
describe("the common-password list", () => {
  it("holds at least 10,000 passwords from @zxcvbn-ts/language-common", async () => {
    expect(await commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it.each(["12345678", "password1234", "qwertyuiop12", "Password1234", "iloveyou"])("lists %s", async (password) => {
    expect(await isCommonPassword(password)).toBe(true);
  });

  it.each(["tiger lake 7 river", "correct horse 42", "a long enough password"])("does not list %s", async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });
});

describe("the new-password schema (shared with the browser)", () => {
  it("takes 12 to 128 characters, kept as typed", () => {
    expect(newPasswordSchema.safeParse("x".repeat(11)).error?.issues[0].message).toBe("Your password must be at least 12 characters.");
    expect(newPasswordSchema.parse(" ".repeat(2) + "x".repeat(10))).toBe("  xxxxxxxxxx");
    expect(newPasswordSchema.safeParse("x".repeat(128)).success).toBe(true);
    expect(newPasswordSchema.safeParse("x".repeat(129)).error?.issues[0].message).toBe("Your password must be at most 128 characters.");
  });
});
