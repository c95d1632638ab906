import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { catalogueSearch, normaliseSearchWord, parseSearchWords } from "~/lib/search-words";
import { loadSearchWords, searchWordsFile } from "~/utils/search-words.server";

/**
 * Search in Hindi (issue 27 item 3; docs/decisions/0860): the owner's table maps what shoppers type
 * to the catalogue's words. Expected searches are written out by hand.
 */

const TABLE = parseSearchWords(["# a comment", "घड़ी =", "कैसियो = Casio", "पाटेक फ़िलिप = patek philippe", "फ़ॉसिल = fossil"].join("\n")).words;

describe("what the catalogue is asked", () => {
  const table: [string, string][] = [
    ["कैसियो", "casio"],
    ["कैसियो घड़ी", "casio"],
    ["घड़ी", ""],
    ["  घड़ी   ", ""],
    ["पाटेक फ़िलिप", "patek philippe"],
    ["पाटेक फिलिप घड़ी", "patek philippe"], // without the nukta, as many keyboards type it
    ["फॉसिल", "fossil"],
    ["Casio G-Shock", "casio g-shock"],
    ["gold कैसियो", "gold casio"],
    ["पाटेक", "पाटेक"], // a word the table does not know is searched as typed
  ];
  for (const [typed, asked] of table) it(`"${typed}" → "${asked}"`, () => expect(catalogueSearch(typed, TABLE)).toBe(asked));
});

describe("reading the owner's table", () => {
  it("reports the lines it cannot read by number, and keeps the rest", () => {
    const { words, problems } = parseSearchWords(["रोलेक्स = rolex", "no equals sign", " = casio", "एक दो तीन चार पाँच = x", "x".repeat(201) + "=y", "राडो=Rado"].join("\n"));
    expect([...words]).toEqual([
      ["रोलेक्स", "rolex"],
      ["राडो", "rado"],
    ]);
    expect(problems).toEqual([
      'line 2: no "=" between the words and the catalogue\'s words',
      'line 3: nothing before "="',
      'line 4: more than 4 words before "="',
      "line 5: longer than 200 characters",
    ]);
  });

  it("normalises case, spaces and the nukta alike on both sides", () => {
    expect(normaliseSearchWord("  फ़ॉसिल   Watch ")).toBe("फॉसिल watch");
  });

  it("the store's own table reads cleanly and knows every brand the catalogue sells, in Devanagari", async () => {
    const { words, problems } = parseSearchWords(fs.readFileSync(searchWordsFile(), "utf8"));
    expect(problems).toEqual([]);
    const brands: [string, string][] = [
      ["रोलेक्स", "rolex"],
      ["कैसियो", "casio"],
      ["सीको", "seiko"],
      ["फ़ॉसिल", "fossil"],
      ["राडो", "rado"],
      ["पाटेक फ़िलिप", "patek philippe"],
      ["कार्टियर", "cartier"],
      ["टिसो", "tissot"],
    ];
    for (const [typed, asked] of brands) expect(catalogueSearch(typed, words), typed).toBe(asked);
    expect(catalogueSearch("घड़ी", words)).toBe("");
  });

  it("a changed file applies to the next search; a missing one is an empty table", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "search-words-"));
    const file = path.join(dir, "search-words.txt");
    try {
      fs.writeFileSync(file, "कैसियो = casio\n");
      expect(catalogueSearch("कैसियो", await loadSearchWords(file))).toBe("casio");
      fs.writeFileSync(file, "कैसियो = casio\nरोलेक्स = rolex\n");
      fs.utimesSync(file, new Date(), new Date(Date.now() + 5_000));
      expect(catalogueSearch("रोलेक्स", await loadSearchWords(file))).toBe("rolex");
      expect((await loadSearchWords(path.join(dir, "missing.txt"))).size).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
