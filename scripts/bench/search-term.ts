/**
 * The search term of the scale bench: a substring (≥ 3 characters) of the products' search names
 * whose match rate is closest to a target (1.5%: a selective search, SPEC.md §5's case-insensitive
 * substring on the lower-cased name).
 */

export type SearchTerm = { term: string; matches: number; rate: number };

const MIN_LENGTH = 3;
const MAX_LENGTH = 24;
/** What a shopper might type: letters and digits, spaces or dots inside, nothing at the ends. */
const PLAUSIBLE = /^[\p{L}\p{N}](?:[\p{L}\p{N} .'-]*[\p{L}\p{N}])?$/u;
const WORD_EDGE = /[^\p{L}\p{N}]/u;

/**
 * Counts, for every plausible substring of 3–24 characters, the names containing it, and returns
 * the one whose rate is closest to `targetRate`; ties go to a term that starts and ends on word
 * boundaries, then the shorter, then the first in alphabetical order. `names` are search names
 * (lower-cased); repeated names are counted once per repeat but scanned once.
 */
export function pickSearchTerm(names: readonly string[], targetRate = 0.015): SearchTerm {
  const multiplicity = new Map<string, number>();
  for (const name of names) multiplicity.set(name, (multiplicity.get(name) ?? 0) + 1);
  const counts = new Map<string, number>();
  for (const [name, times] of multiplicity) {
    const seen = new Set<string>();
    for (let start = 0; start < name.length; start++) {
      for (let end = start + MIN_LENGTH; end <= Math.min(name.length, start + MAX_LENGTH); end++) {
        const term = name.slice(start, end);
        if (seen.has(term) || !PLAUSIBLE.test(term)) continue;
        seen.add(term);
        counts.set(term, (counts.get(term) ?? 0) + times);
      }
    }
  }
  const distinct = [...multiplicity.keys()];
  const wordAligned = (term: string) =>
    distinct.some((name) => {
      const at = name.indexOf(term);
      return at >= 0 && (at === 0 || WORD_EDGE.test(name[at - 1])) && (at + term.length === name.length || WORD_EDGE.test(name[at + term.length]));
    });
  const gap = (matches: number) => Math.abs(matches / names.length - targetRate);
  let smallest = Infinity;
  for (const matches of counts.values()) smallest = Math.min(smallest, gap(matches));
  const closest = [...counts]
    .filter(([, matches]) => gap(matches) - smallest < 1e-12)
    .map(([term, matches]) => ({ term, matches, aligned: wordAligned(term) }))
    .sort((a, b) => Number(b.aligned) - Number(a.aligned) || a.term.length - b.term.length || (a.term < b.term ? -1 : 1));
  if (closest.length === 0) throw new Error("no name has a substring of 3 or more characters");
  const { term, matches } = closest[0];
  return { term, matches, rate: matches / names.length };
}

/** How many of `names` contain `term` (both lower-cased). */
export const countMatches = (names: readonly string[], term: string) => names.reduce((n, name) => n + (name.includes(term) ? 1 : 0), 0);
