/*
 * Search words in other languages and scripts (issue 27 item 3; docs/decisions/0860): a table the
 * store owner keeps in app/content/search-words.txt maps the words shoppers type — Hindi words,
 * brand names in Devanagari — to the catalogue's own words, so "कैसियो घड़ी" finds what "casio"
 * finds. Product names stay as the owner wrote them; only the search is translated.
 */

/** The table: a normalised phrase (one or more words) → the catalogue's words ("" for "any watch"). */
export type SearchWords = ReadonlyMap<string, string>;

/**
 * A word or phrase as the table and the search compare it: Unicode NFC, the nukta (़) dropped so
 * "फ़ॉसिल" and "फॉसिल" are one word, lower case, spaces collapsed.
 */
export function normaliseSearchWord(text: string): string {
  return text.normalize("NFC").replace(/\u093C/g, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** Most words in one phrase of the table (a longer line is refused). */
export const MAX_PHRASE_WORDS = 4;

/**
 * Reads the table's text: one `words = catalogue words` per line; `#` starts a comment; an empty
 * right side means the words name no watch in particular ("घड़ी", watch). A line without `=`, with
 * nothing left of it, with more than MAX_PHRASE_WORDS words on the left or over 200 characters is
 * reported (1-based line number and why) and left out; the rest still apply. Never throws.
 */
export function parseSearchWords(text: string): { words: SearchWords; problems: string[] } {
  const words = new Map<string, string>();
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*$/, "").trim();
    if (line === "") return;
    const where = `line ${index + 1}`;
    const equals = line.indexOf("=");
    if (line.length > 200) return problems.push(`${where}: longer than 200 characters`);
    if (equals === -1) return problems.push(`${where}: no "=" between the words and the catalogue's words`);
    const phrase = normaliseSearchWord(line.slice(0, equals));
    if (phrase === "") return problems.push(`${where}: nothing before "="`);
    if (phrase.split(" ").length > MAX_PHRASE_WORDS) return problems.push(`${where}: more than ${MAX_PHRASE_WORDS} words before "="`);
    words.set(phrase, normaliseSearchWord(line.slice(equals + 1)));
  });
  return { words, problems };
}

/**
 * The catalogue search for what the shopper typed: each phrase of the table found in `q`
 * (longest first, whole words) replaced by its catalogue words, a phrase meaning "any watch"
 * dropped, other words kept as typed; "" when nothing is left (every watch). ("कैसियो घड़ी") →
 * "casio"; ("Casio") → "casio"; ("घड़ी") → "".
 */
export function catalogueSearch(q: string, words: SearchWords): string {
  const tokens = normaliseSearchWord(q).split(" ").filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    let matched = 0;
    for (let length = Math.min(MAX_PHRASE_WORDS, tokens.length - i); length > 0; length--) {
      const replacement = words.get(tokens.slice(i, i + length).join(" "));
      if (replacement === undefined) continue;
      if (replacement !== "") out.push(replacement);
      matched = length;
      break;
    }
    if (matched === 0) out.push(tokens[i]);
    i += matched || 1;
  }
  return out.join(" ");
}
