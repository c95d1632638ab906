/**
 * The common-password list (DESIGN.md §16, OWASP ASVS 2.1.7; issue 8 item 14):
 * `@zxcvbn-ts/language-common`'s `passwords-common` dictionary (about 49,000 of the most used
 * passwords from breach corpora), loaded once, lazily, on the server — never into the browser.
 */
let list: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  list ??= import("@zxcvbn-ts/language-common")
    .then((module) => {
      const { dictionary } = module as { dictionary: Record<string, string[]> };
      return new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
    })
    .catch((error: unknown) => {
      list = undefined;
      throw error;
    });
  return list;
}

/**
 * True when `password` is on the common-password list, compared case-insensitively
 * (`Password1234` is as guessable as `password1234`). Rejects only if the package cannot load.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** How many entries the list holds (for tests and the decision record: ≥ 10,000). */
export async function commonPasswordCount(): Promise<number> {
  return (await commonPasswords()).size;
}
