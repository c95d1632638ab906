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
 * Three phases: read and parse the file; check the rows (validateCatalogue, 2,000 rows at a time);
 * write them (replaceCatalogue: one transaction, INSERTs of 500 rows). On a terminal each of the last
 * two shows a cli-progress bar; piped or redirected, only the final lines are printed. The store
 * keeps serving the old catalogue until the transaction commits.
 * 100,000 products (a 109 MB file) take 7–16 s on SQLite or PostgreSQL on a 2-core machine
 * (issue 10 item 5: under 60 s; `npm run bench -- --products 1000,100000` checks it).
 */
import fs from "node:fs";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { replaceCatalogue, validateCatalogue, type ImportError } from "~/services/catalogue.server";
import type { Product } from "~/schemas/product";
import { getEnv } from "~/config/env.server";
import { showsProgress, startPhase, type Phase } from "./progress";

const MAX_PROBLEMS_SHOWN = 50;
/** Rows checked between two moves of the progress bar. */
const CHECK_CHUNK = 2_000;
const USAGE = "Usage: npm run catalogue:import -- FILE.json [--dry-run]   (FILE may be - for standard input)";

/** The bar on screen, stopped before any message so the message starts on its own line. */
let activePhase: Phase | undefined;

function fail(code: number, message: string): never {
  activePhase?.stop();
  console.error(message);
  process.exit(code);
}

function readInput(file: string): unknown {
  if (showsProgress()) {
    const bytes = file === "-" ? undefined : fs.statSync(file, { throwIfNoEntry: false })?.size;
    console.log(`Reading ${file === "-" ? "standard input" : file}${bytes === undefined ? "" : ` (${(bytes / 1e6).toFixed(1)} MB)`}…`);
  }
  let text: string;
  try {
    text = file === "-" ? fs.readFileSync(0, "utf8") : fs.readFileSync(file, "utf8");
  } catch (error) {
    fail(2, `Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    fail(1, `Nothing was imported: ${file === "-" ? "standard input" : file} is not valid JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
}

/** The rows of a listproduct-shaped input (the bare array or `{products}`), or [] for anything else. */
function rowsOf(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  const products = (input as { products?: unknown } | null)?.products;
  return Array.isArray(products) ? products : [];
}

/**
 * validateCatalogue, CHECK_CHUNK rows at a time so that `onProgress(checked, total)` can move a
 * bar; the same answer as one call on the whole input. Ids are compared across chunks; at the
 * first problem the whole input is validated once more, so the report (row numbers, "first used
 * in row …") is exactly validateCatalogue's.
 */
function checkRows(input: unknown, onProgress: (checked: number, total: number) => void): ReturnType<typeof validateCatalogue> {
  const rows = rowsOf(input);
  if (rows.length === 0 || (input as { success?: unknown } | null)?.success === false) return validateCatalogue(input);
  const products: Product[] = [];
  const hiddenIds = new Set<string>();
  const ids = new Set<string>();
  for (let start = 0; start < rows.length; start += CHECK_CHUNK) {
    const chunk = validateCatalogue(rows.slice(start, start + CHECK_CHUNK));
    if (!chunk.ok) return validateCatalogue(input);
    for (const product of chunk.products) {
      if (ids.has(product.id)) return validateCatalogue(input);
      ids.add(product.id);
      products.push(product);
    }
    for (const id of chunk.hiddenIds) hiddenIds.add(id);
    onProgress(Math.min(rows.length, start + CHECK_CHUNK), rows.length);
  }
  return { ok: true, products, hiddenIds };
}

/** "row 12, field price: must be 0 or more (_id w00013)" — one line per problem, at most 50. */
function describeProblems(errors: ImportError[], rows: unknown[]): string[] {
  const lines = errors.slice(0, MAX_PROBLEMS_SHOWN).map((error) => {
    if (error.index < 0) return `  ${error.message}`;
    const row = rows[error.index];
    const id = row && typeof row === "object" && typeof (row as { _id?: unknown })._id === "string" ? ` (_id ${(row as { _id: string })._id})` : "";
    return `  row ${error.index}, field ${error.field}: ${error.message}${id}`;
  });
  if (errors.length > MAX_PROBLEMS_SHOWN) lines.push(`  …and ${errors.length - MAX_PROBLEMS_SHOWN} more problems.`);
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

  const input = readInput(file);
  const label = file === "-" ? "standard input" : file;
  const rows = rowsOf(input);
  const read = performance.now();
  activePhase = startPhase("Checking rows", rows.length);
  const checked = checkRows(input, activePhase.update);
  activePhase.stop();
  activePhase = undefined;
  const checkedAt = performance.now();
  if (!checked.ok) {
    const badRows = new Set(checked.errors.filter((e) => e.index >= 0).map((e) => e.index)).size;
    const summary =
      badRows > 0
        ? `Nothing was imported: ${checked.errors.length} ${checked.errors.length === 1 ? "problem" : "problems"} in ${badRows} of ${rows.length} rows of ${label} (rows are counted from 0, as in the JSON array):`
        : `Nothing was imported: ${label} is not a catalogue:`;
    fail(1, [summary, ...describeProblems(checked.errors, rows)].join("\n"));
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
    const imported = await replaceCatalogue(db, checked.products, activePhase.update, { hiddenIds: checked.hiddenIds });
    activePhase.stop();
    activePhase = undefined;
    const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
    const done = performance.now();
    console.log(
      `Imported ${imported} products into ${safeUrl(url)} in ${seconds(started, done)} (reading ${seconds(started, read)}, checking ${seconds(read, checkedAt)}, writing ${seconds(checkedAt, done)}).`,
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
