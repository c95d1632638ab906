/**
 * A phrasebook: the store's English sentences made outside the catalogues — the forms' error
 * messages (app/schemas, the rules SPEC.md words), the toasts (SPEC.md §8), the Store API's
 * messages — each with its text in another language (issue 27 item 2; docs/decisions/0890). The
 * English sentence is the key, so the schemas, the Store API contract and every test that reads
 * them keep SPEC.md's words, and a page shows the sentence in its language where it renders it.
 *
 * A key may hold `{name}` placeholders for the parts a sentence is made with ("{label} must not
 * contain control characters", "{name}: moved to your cart"); each part is itself looked up, so
 * a field's label comes out in the language too.
 */
export type Phrasebook = Readonly<Record<string, string>>;

type Pattern = { key: string; regex: RegExp; names: string[]; text: string };

/** The length of a key's text outside its placeholders. */
const literalLength = (key: string) => key.replace(/\{\w+\}/g, "").length;
const patternsOf = new WeakMap<Phrasebook, Pattern[]>();

function escapeRegex(text: string) {
  return text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");
}

/** The book's keys with placeholders, as regexes (made once per book). */
function patterns(book: Phrasebook): Pattern[] {
  let list = patternsOf.get(book);
  if (list) return list;
  list = [];
  for (const [key, text] of Object.entries(book)) {
    if (!/\{\w+\}/.test(key)) continue;
    const names: string[] = [];
    const source = key
      .split(/(\{\w+\})/)
      .map((part) => {
        const name = /^\{(\w+)\}$/.exec(part)?.[1];
        if (!name) return escapeRegex(part);
        names.push(name);
        return "(.+?)";
      })
      .join("");
    list.push({ key, regex: new RegExp(`^${source}$`, "s"), names, text });
  }
  // The most specific first: the pattern with the most literal text ("{price} when saved on {when}"
  // before "{date} IST", which would also match the longer sentence).
  list.sort((a, b) => literalLength(b.key) - literalLength(a.key));
  patternsOf.set(book, list);
  return list;
}

/** A date as the store writes it in English ("24 Nov 2026", "24 Nov 2026, 10:05"; en-IN, IST). */
const STORE_DATE = /^(\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sept?|Oct|Nov|Dec) (\d{4})(, \d{2}:\d{2})?$/;

/** A part that is a store date, its month named as the book names it ("24 नव॰ 2026"); null for anything else. */
function dateIn(book: Phrasebook, part: string): string | null {
  const match = STORE_DATE.exec(part);
  // ICU writes September "Sept" in en-IN, "Sep" elsewhere.
  const month = match ? book[`month:${match[2].slice(0, 3)}`] : undefined;
  return match && month ? `${match[1]} ${month} ${match[3]}${match[4] ?? ""}` : null;
}

/**
 * `text` (an English sentence) in the book's language: its entry, else the first entry with
 * placeholders that matches it, parts put in (each translated when the book has it); else `text`
 * as it is (English pages pass an empty book). Pure; runs in the browser and on the server.
 */
export function phraseIn(book: Phrasebook, text: string): string {
  const exact = book[text];
  if (exact !== undefined) return exact;
  for (const { regex, names, text: translated } of patterns(book)) {
    const match = regex.exec(text);
    if (!match) continue;
    return translated.replace(/\{(\w+)\}/g, (whole, name: string) => {
      const index = names.indexOf(name);
      if (index < 0) return whole;
      const part = match[index + 1];
      return book[part] ?? dateIn(book, part) ?? part;
    });
  }
  return text;
}
