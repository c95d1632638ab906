/**
 * Loads a catalogue into the store's database (DATABASE_URL), replacing the one there.
 *
 *   npm run catalogue:import -- FILE.json            import FILE
 *   npm run catalogue:import -- FILE.json --dry-run  check FILE, write nothing
 *   npm run catalogue:import -- -                    read the JSON from standard input
 *
 * FILE holds products in the `GET /api/product/listproduct` shape (SPEC.md §3/§7, prices in
 * rupees): the bare array, or the whole `{success, products}` answer, so a store can be moved by
 * saving another store's answer to a file. Every row is checked with zod first; if any row is bad,
 * the problems are listed by row (0-based, as in the JSON array) and field, nothing is written and
 * the exit code is 1. Exit code 2 means the command itself was wrong (usage, unreadable file).
 *
 * Two phases: read and check the file, row by row as the bytes arrive (checkCatalogueStream:
 * stream-json, never the whole file as one string or value; the check stops after 1,000 problems,
 * so a 20 MB bad file is refused in about a second with under 200 MB resident; issue 21 item 3,
 * docs/decisions/0671); then write the rows (writeCatalogue: one transaction, INSERTs of 500 rows).
 * On a terminal each phase shows a cli-progress bar; piped or redirected, only the final lines are
 * printed. The store keeps serving the old catalogue until the transaction commits.
 * 100,000 products (a 109 MB file) take 7–16 s on SQLite or PostgreSQL on a 2-core machine
 * (issue 10 item 5: under 60 s; `npm run bench -- --products 1000,100000` checks it).
 */
import fs from "node:fs";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { checkCatalogueStream, countProblems, moreProblemsLine, PROBLEMS_SHOWN, writeCatalogue, type CatalogueProblems } from "~/services/catalogue-import.server";
import { getEnv } from "~/config/env.server";
import { showsProgress, startPhase, type Phase } from "./progress";

const USAGE = "Usage: npm run catalogue:import -- FILE.json [--dry-run]   (FILE may be - for standard input)";

/** The bar on screen, stopped before any message so the message starts on its own line. */
let activePhase: Phase | undefined;

function fail(code: number, message: string): never {
  activePhase?.stop();
  console.error(message);
  process.exit(code);
}

/** A read of the input that failed (exit code 2, not a problem of the file's content). */
class UnreadableInput extends Error {}

/**
 * The bytes of FILE (or standard input for "-"), chunk by chunk; fails with exit code 2 when the
 * file cannot be opened, and throws UnreadableInput when a read fails later (a folder, an I/O error).
 */
function openInput(file: string): { chunks: AsyncIterable<Uint8Array>; bytes: number | undefined } {
  let stream: NodeJS.ReadableStream;
  let bytes: number | undefined;
  try {
    if (file === "-") {
      stream = process.stdin;
    } else {
      const fd = fs.openSync(file, "r");
      bytes = fs.fstatSync(fd).size;
      stream = fs.createReadStream("", { fd });
    }
  } catch (error) {
    fail(2, `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  async function* chunks(): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of stream) yield typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Uint8Array);
    } catch (error) {
      throw new UnreadableInput(error instanceof Error ? error.message : String(error));
    }
  }
  return { chunks: chunks(), bytes };
}

/** "row 12, field price: must be 0 or more (_id w00013)" — one line per problem, at most 50, then "…and more". */
function describeProblems(problems: CatalogueProblems): string[] {
  const lines = problems.errors.slice(0, PROBLEMS_SHOWN).map((error) => {
    if (error.index < 0) return `  ${error.message}`;
    const id = problems.ids.get(error.index);
    return `  row ${error.index}, field ${error.field}: ${error.message}${id === undefined ? "" : ` (_id ${id})`}`;
  });
  const more = moreProblemsLine(problems);
  if (more) lines.push(`  ${more}`);
  return lines;
}

/** A database URL fit to print: the password, if any, is hidden. */
function safeUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");
}

async function main() {
  const started = performance.now();
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return;
  }
  const dryRun = args.includes("--dry-run");
  const unknown = args.filter((arg) => arg.startsWith("--") && arg !== "--dry-run");
  const files = args.filter((arg) => !arg.startsWith("--"));
  if (unknown.length > 0) fail(2, `Unknown option ${unknown.join(", ")}.\n${USAGE}`);
  if (files.length !== 1) fail(2, USAGE);
  const file = files[0];

  const label = file === "-" ? "standard input" : file;
  const input = openInput(file);
  if (showsProgress()) console.log(`Reading ${label}${input.bytes === undefined ? "" : ` (${(input.bytes / 1e6).toFixed(1)} MB)`}…`);
  activePhase = input.bytes === undefined ? undefined : startPhase("Checking rows", Math.ceil(input.bytes / 1024), "KB");
  let checked: Awaited<ReturnType<typeof checkCatalogueStream>>;
  try {
    checked = await checkCatalogueStream(input.chunks, (bytesRead) => activePhase?.update(Math.ceil(bytesRead / 1024), Math.ceil((input.bytes ?? 0) / 1024)));
  } catch (error) {
    if (error instanceof UnreadableInput) fail(2, `Cannot read ${file}: ${error.message}`);
    throw error;
  }
  activePhase?.stop();
  activePhase = undefined;
  const checkedAt = performance.now();
  if (!checked.ok) {
    if (checked.notJson !== null) fail(1, `Nothing was imported: ${label} is not valid JSON (${checked.notJson}).`);
    const summary = checked.errors.some((error) => error.index >= 0)
      ? `Nothing was imported: ${countProblems(checked)} of ${label} (rows are counted from 0, as in the JSON array):`
      : `Nothing was imported: ${label} is not a catalogue:`;
    fail(1, [summary, ...describeProblems(checked)].join("\n"));
  }
  if (dryRun) {
    console.log(`Checked ${checked.products.length} products in ${label}: all valid. Nothing was written (--dry-run).`);
    return;
  }

  const url = getEnv().DATABASE_URL;
  const db = createDatabase(url);
  try {
    await migrateToLatest(db);
    activePhase = startPhase("Writing rows", checked.products.length);
    const imported = await writeCatalogue(db, checked, { onProgress: activePhase.update });
    activePhase.stop();
    activePhase = undefined;
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
    const done = performance.now();
    console.log(
      `Imported ${imported} products into ${safeUrl(url)} in ${seconds(started, done)} (reading and checking ${seconds(started, checkedAt)}, writing ${seconds(checkedAt, done)}).`,
    );
    console.log("Running stores on this database show the new catalogue from their next page on.");
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  activePhase?.stop();
  console.error(`Import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
