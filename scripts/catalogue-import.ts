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
 */
import fs from "node:fs";
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { importCatalogue, validateCatalogue, type ImportError } from "~/services/catalogue.server";
import { getEnv } from "~/utils/env.server";

const MAX_PROBLEMS_SHOWN = 50;
const USAGE = "Usage: npm run catalogue:import -- FILE.json [--dry-run]   (FILE may be - for standard input)";

function fail(code: number, message: string): never {
  console.error(message);
  process.exit(code);
}

function readInput(file: string): unknown {
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
  const checked = validateCatalogue(input);
  if (!checked.ok) {
    const rows = Array.isArray(input) ? input : Array.isArray((input as { products?: unknown })?.products) ? (input as { products: unknown[] }).products : [];
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
    const result = await importCatalogue(db, input);
    if (!result.ok) fail(1, ["Nothing was imported:", ...describeProblems(result.errors, [])].join("\n"));
    console.log(`Imported ${result.imported} products into ${safeUrl(url)}.`);
    console.log("A running store shows the new catalogue within 30 seconds.");
  } finally {
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(`Import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
