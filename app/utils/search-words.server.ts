import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { parseSearchWords, type SearchWords } from "~/lib/search-words";
import { contentDirectory } from "~/utils/content.server";
import { log } from "~/observability/log.server";

/** The owner's search-word table (issue 27 item 3; docs/decisions/0860), beside the content pages. */
export function searchWordsFile(): string {
  return path.join(contentDirectory(), "search-words.txt");
}

let cached: { file: string; mtimeMs: number; words: SearchWords } | null = null;

/**
 * The search-word table from app/content/search-words.txt (lib/search-words.ts `parseSearchWords`),
 * read again when the file changes, so an owner's edit applies to the next search. Lines it cannot
 * read are left out and named once on stderr; a missing file is an empty table. Never throws.
 */
export async function loadSearchWords(file = searchWordsFile()): Promise<SearchWords> {
  try {
    const { mtimeMs } = await stat(file);
    if (cached && cached.file === file && cached.mtimeMs === mtimeMs) return cached.words;
    const { words, problems } = parseSearchWords(await readFile(file, "utf8"));
    for (const problem of problems) log.warn({ file, problem }, `${file}: ${problem} (the line is left out)`);
    cached = { file, mtimeMs, words };
    return words;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") log.warn({ file, reason: (error as Error).message }, `${file}: could not be read (${(error as Error).message}); searching without it`);
    return new Map();
  }
}
