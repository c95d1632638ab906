/** The ellipsis a cut text ends with (one character, U+2026). */
export const ELLIPSIS = "…";

/** The longest meta description search engines show in full (issue 9 item 6: about 155–160). */
export const META_DESCRIPTION_MAX = 158;

/**
 * Cuts `text` to at most `max` characters (UTF-16 code units, ellipsis included) at a word
 * boundary and ends it with "…" (issue 9 item 6: the product page's meta description).
 * - Whitespace runs are folded to one space and the ends trimmed first; a text that then fits is
 *   returned whole, without an ellipsis.
 * - The cut falls after the last whole word that fits; punctuation left dangling before the cut
 *   (",", ";", ":", "-", "–", "—", ".") is dropped so the text reads "… and more…", not "…,…".
 * - A first word longer than `max` (no boundary to cut at) is cut inside the word, never beyond
 *   `max`, and never through a surrogate pair.
 * Throws RangeError when `max` < 1 (nothing fits, not even the ellipsis).
 */
export function truncateAtWord(text: string, max: number = META_DESCRIPTION_MAX): string {
  if (!Number.isInteger(max) || max < 1) throw new RangeError(`truncateAtWord: max must be a whole number ≥ 1, got ${max}`);
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = max - ELLIPSIS.length;
  // The last space at or before `room` ends the last whole word that fits.
  const cut = clean.lastIndexOf(" ", room);
  let head = cut > 0 ? clean.slice(0, cut) : clean.slice(0, room);
  if (cut <= 0 && /[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1);
  head = head.replace(/[\s,;:.\-–—]+$/u, "");
  return `${head}${ELLIPSIS}`;
}
