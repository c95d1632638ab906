/**
 * GSTIN checks (issue 14 item 2; DESIGN.md §20), here in schemas so the checkout's schema, the
 * back office's store settings and app/lib/gst.ts share them; pure, no zod (safe in the browser).
 */

const GSTIN_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const GSTIN_FORMAT = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters (the base-36 mod algorithm: each character's
 * value times 1 or 2 alternately, digits of the product in base 36 summed, check = (36 − sum mod 36)
 * mod 36). Throws RangeError for characters outside 0-9A-Z.
 */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? "");
    if (value < 0) throw new RangeError("A GSTIN has only digits and capital letters.");
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36]!;
}

/**
 * Checks a GSTIN (spaces dropped, upper-cased first): 15 characters — a state code 01–38 or 97, a
 * PAN (5 letters, 4 digits, a letter), the entity number, "Z", the check character. Returns the
 * normalised GSTIN, or a sentence saying what is wrong. Source: issue 14 item 2; DESIGN.md §20.
 */
export function validateGstin(input: string): { ok: true; gstin: string } | { ok: false; message: string } {
  const gstin = input.replace(/\s+/g, "").toUpperCase();
  const match = GSTIN_FORMAT.exec(gstin);
  if (!match) {
    return { ok: false, message: "Enter a GSTIN of 15 characters: state code, PAN, entity number, Z and a check character (e.g. 29ABCDE1234F1Z5)." };
  }
  const state = Number(match[1]);
  if (!((state >= 1 && state <= 38) || state === 97)) return { ok: false, message: "The GSTIN's first two digits are not a state code." };
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, message: "The GSTIN's check character does not match: please check it for typing mistakes." };
  return { ok: true, gstin };
}
