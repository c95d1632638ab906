import { getManyValues, isMany, none, type Many } from "stream-chain/defs.js";
import Assembler from "stream-json/assembler.js";
import { jsonParser, type Token } from "stream-json/parser.js";
import type { DB } from "~/db/db.server";
import { replaceCatalogue, type ImportProgress } from "~/db/products.server";
import { recordAudit, type Actor } from "~/services/audit.server";
import { refreshDeclarations } from "~/services/declarations.server";
import { productFromJson, productJsonSchema, type Product } from "~/schemas/product";

/*
 * Checking and importing a catalogue file (SPEC.md §3/§7 listproduct shape; docs/decisions/0103,
 * 0671): the rows are read one at a time from the bytes (stream-json), checked with the product
 * schema, and written in one transaction only when every row is good. The check is bounded (issue 21
 * item 3): it stops after MAX_IMPORT_PROBLEMS problems, a row is never more than MAX_ROW_TOKENS
 * values, and the event loop gets a turn every ROWS_PER_TURN rows and every TEXT_SLICE bytes.
 */

/** Problems a check collects; at the next one it stops reading (issue 21 item 3). */
export const MAX_IMPORT_PROBLEMS = 1_000;

/** Problems the page and the command list; the rest are counted (docs/decisions/0103). */
export const PROBLEMS_SHOWN = 50;

/**
 * Tokens (keys and values, brackets included) one row may have before it is refused unread. A
 * product of SPEC.md §3 has about 200 at most; this leaves room for fields another store adds.
 */
export const MAX_ROW_TOKENS = 10_000;

/** Rows checked between two turns of the event loop (a few ms of zod). */
const ROWS_PER_TURN = 100;

/** Bytes decoded and parsed between two turns of the event loop (about 1 ms of parsing). */
const TEXT_SLICE = 16 * 1024;

export type ImportError = { index: number; field: string; message: string };
export type ImportResult = { ok: true; imported: number } | { ok: false; errors: ImportError[]; more?: true };

/** A checked catalogue, ready for replaceCatalogue. */
export type CheckedCatalogue = { ok: true; products: Product[]; hiddenIds: Set<string> };

/**
 * Why a catalogue file was refused. `errors` (at most MAX_IMPORT_PROBLEMS, in file order): file
 * problems with index -1 and field "(file)", row problems with the row's 0-based index and the
 * field's dotted path. `more`: the check stopped at one problem past the bound, so `rows` (rows
 * read) is not the whole file. `ids`: the `_id` of each row named in `errors`, when it had a string
 * one. `notJson`: the parser's message when the bytes are not JSON (then `errors` is empty).
 */
export type CatalogueProblems = {
  ok: false;
  errors: ImportError[];
  more: boolean;
  rows: number;
  ids: ReadonlyMap<number, string>;
  notJson: string | null;
};

/**
 * Validates every row of a listproduct-shaped catalogue (SPEC.md §3/§7) and, only when all are
 * valid, replaces the stored catalogue with it in one transaction; catalogue order is kept as the
 * "relevant" order. Accepts the bare array or the whole `{success, products}` answer, already in
 * memory (the demo seed, tests; files go through checkCatalogueStream and writeCatalogue).
 * Never imports part of a file: any bad row gives `{ok:false, errors}` with the row's index (0-based)
 * and the field's path, at most MAX_IMPORT_PROBLEMS of them (`more: true` when there were more), and
 * nothing is written. Until the transaction commits, readers (the store's pages, other processes)
 * keep seeing the old catalogue. The commit bumps `catalogue_state.version` and, on PostgreSQL,
 * sends `NOTIFY catalogue_changed` (issue 10 items 4, 5). Rows marked `"hidden": true` (the back
 * office's export) and ids hidden before the import stay hidden; with an `actor` (the back office,
 * issue 12 item 2) one audit row "import" is written in the transaction. Throws the database's error.
 */
export async function importCatalogue(db: DB, input: unknown, onProgress?: ImportProgress, actor?: Actor): Promise<ImportResult> {
  const parsed = validateCatalogue(input);
  if (!parsed.ok) return parsed;
  return { ok: true, imported: await writeCatalogue(db, parsed, { onProgress, actor }) };
}

/**
 * Parses a catalogue already in memory without writing; see importCatalogue for the shapes.
 * File-level problems (not a list, a `{success:false}` answer, no products) come with index -1
 * and field "(file)"; row problems with the row's 0-based index and the field's dotted path
 * (e.g. "image.0"), one per zod issue, in file order, at most MAX_IMPORT_PROBLEMS (issue 21
 * item 3), with `more: true` when the rows hold more.
 */
export function validateCatalogue(input: unknown): CheckedCatalogue | { ok: false; errors: ImportError[]; more?: true } {
  const fileError = (message: string) => ({ ok: false as const, errors: [{ index: -1, field: "(file)", message }] });
  const isObject = input !== null && typeof input === "object" && !Array.isArray(input);
  if (isObject && (input as { success?: unknown }).success === false) return fileError(failedAnswer((input as { message?: unknown }).message));
  const list = isObject && "products" in input ? (input as { products: unknown }).products : input;
  if (!Array.isArray(list)) return fileError(NOT_A_CATALOGUE);
  if (list.length === 0) return fileError(NO_PRODUCTS);
  const checker = new RowChecker();
  for (const row of list) {
    checker.check(row);
    if (checker.more) break;
  }
  if (checker.errors.length === 0) return { ok: true, products: checker.products, hiddenIds: checker.hiddenIds };
  return checker.more ? { ok: false, errors: checker.errors, more: true } : { ok: false, errors: checker.errors };
}

/**
 * Reads a catalogue file from its bytes (`source`: a file stream, standard input, an upload's
 * file part as it arrives) and checks it as validateCatalogue does, without ever holding the file as one
 * string or one parsed value: stream-json turns each slice of at most TEXT_SLICE bytes into
 * tokens, each row is assembled and checked on its own, and the event loop gets a turn every
 * ROWS_PER_TURN rows and every slice. Checked products are kept only until the first problem; the
 * check stops (and stops reading) at the problem after MAX_IMPORT_PROBLEMS; a row of more than
 * MAX_ROW_TOKENS tokens is refused without being assembled (issue 21 item 3). Bytes are UTF-8
 * (invalid sequences replaced, a leading byte-order mark dropped, as `file.text()` did).
 * `onProgress(bytesRead)` is called after each chunk of `source`.
 * Answers the checked catalogue or CatalogueProblems; throws what `source` throws.
 */
export async function checkCatalogueStream(
  source: AsyncIterable<Uint8Array>,
  onProgress?: (bytesRead: number) => void,
): Promise<CheckedCatalogue | CatalogueProblems> {
  const parse = jsonParser({ packValues: true, streamValues: false }) as (text: string | typeof none) => Many<Token> | typeof none;
  const decoder = new TextDecoder("utf-8");
  const reader = new CatalogueReader();
  /** Text (or `none`: the end) through the parser and the reader, then a turn of the event loop; the parser's message if it is not JSON. */
  const step = async (text: string | typeof none): Promise<string | null> => {
    let tokens: Token[];
    try {
      tokens = tokensOf(parse(text));
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
    await reader.take(tokens);
    await nextTurn();
    return null;
  };
  let bytesRead = 0;
  for await (const chunk of source) {
    for (let start = 0; start < chunk.byteLength; start += TEXT_SLICE) {
      const notJson = await step(decoder.decode(chunk.subarray(start, start + TEXT_SLICE), { stream: true }));
      if (notJson !== null) return reader.problems(notJson);
      if (reader.stopped) return reader.problems();
    }
    bytesRead += chunk.byteLength;
    onProgress?.(bytesRead);
  }
  const notJson = (await step(decoder.decode())) ?? (reader.stopped ? null : await step(none));
  if (notJson !== null) return reader.problems(notJson);
  if (reader.stopped) return reader.problems();
  return reader.result();
}

/**
 * Writes checked products over the stored catalogue (replaceCatalogue, one transaction), with the
 * audit row "import" when there is an `actor`. Returns the number of products written.
 */
export async function writeCatalogue(db: DB, checked: CheckedCatalogue, options: { actor?: Actor; onProgress?: ImportProgress } = {}): Promise<number> {
  const { actor, onProgress } = options;
  return replaceCatalogue(db, checked.products, onProgress, {
    hiddenIds: checked.hiddenIds,
    actor: actor?.email ?? "cli",
    inTransaction: async (trx) => {
      // Issue 25 item 2: every imported product's declarations checked against its brand's.
      await refreshDeclarations(trx);
      if (actor) await recordAudit(trx, { actor, entity: "catalogue", entityId: "import", action: "import", after: { imported: checked.products.length, hidden: checked.hiddenIds.size } });
    },
  });
}

/**
 * How many problems, for the first line of a refusal: "2 problems in 2 of 3 rows", or when the
 * check stopped, "more than 1,000 problems in the first 167 rows".
 */
export function countProblems(problems: Pick<CatalogueProblems, "errors" | "more" | "rows">): string {
  const { errors, more, rows } = problems;
  if (more) return `more than ${MAX_IMPORT_PROBLEMS.toLocaleString("en-IN")} problems in the first ${rows.toLocaleString("en-IN")} rows`;
  const badRows = new Set(errors.filter((error) => error.index >= 0).map((error) => error.index)).size;
  return `${errors.length} ${errors.length === 1 ? "problem" : "problems"} in ${badRows} of ${rows} rows`;
}

/**
 * The line under the first `shown` problems of a refusal, or null when all were listed:
 * "…and 30 more problems.", or when the check stopped, "…and more problems (the check stopped
 * after 1,000; the first 50 are shown)." (issue 21 item 3).
 */
export function moreProblemsLine(problems: Pick<CatalogueProblems, "errors" | "more">, shown = PROBLEMS_SHOWN): string | null {
  const listed = Math.min(shown, problems.errors.length);
  if (problems.more) {
    return `…and more problems (the check stopped after ${MAX_IMPORT_PROBLEMS.toLocaleString("en-IN")}; the first ${listed.toLocaleString("en-IN")} are shown).`;
  }
  return problems.errors.length > listed ? `…and ${problems.errors.length - listed} more problems.` : null;
}

const NOT_A_CATALOGUE = "expected an array of products or {success, products: [...]}";
const NO_PRODUCTS = "the file holds no products; an empty catalogue is never imported";
const failedAnswer = (message: unknown) => `the file holds a failed answer${typeof message === "string" && message ? `: ${message}` : ""}`;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The parser's answer to one slice as a list of tokens. */
function tokensOf(output: Many<Token> | typeof none): Token[] {
  return output === none ? [] : isMany(output) ? getManyValues(output) : [output as Token];
}

/**
 * The rules for one row after another, shared by the in-memory and the streamed check: the product
 * schema, ids unique across the file (reported at the second row), `"hidden": true` kept. Products
 * are kept until the first problem only (nothing will be written after it); problems stop at
 * MAX_IMPORT_PROBLEMS, and `more` is set at the next one.
 */
class RowChecker {
  readonly errors: ImportError[] = [];
  readonly ids = new Map<number, string>();
  readonly hiddenIds = new Set<string>();
  products: Product[] = [];
  more = false;
  rows = 0;
  private readonly seen = new Map<string, number>();

  check(row: unknown): void {
    const index = this.rows++;
    const result = productJsonSchema.safeParse(row);
    if (!result.success) {
      this.refuse(
        index,
        row,
        result.error.issues.map((issue) => [issue.path.map(String).join(".") || "(row)", issue.message]),
      );
      return;
    }
    const id = result.data._id;
    const first = this.seen.get(id);
    if (first !== undefined) {
      this.refuse(index, row, [["_id", `duplicate id ${id} (first used in row ${first})`]]);
      return;
    }
    this.seen.set(id, index);
    if (this.errors.length === 0) this.products.push(productFromJson(result.data));
    // The back office's export marks hidden products `"hidden": true` (docs/decisions/0610).
    if ((row as { hidden?: unknown }).hidden === true) this.hiddenIds.add(id);
  }

  /** A row too large to assemble (more than MAX_ROW_TOKENS tokens). */
  tooLarge(): void {
    this.refuse(this.rows++, null, [["(row)", `has more than ${MAX_ROW_TOKENS.toLocaleString("en-IN")} keys and values; a product has far fewer`]]);
  }

  private refuse(index: number, row: unknown, problems: [field: string, message: string][]): void {
    this.products = [];
    for (const [field, message] of problems) {
      if (this.errors.length >= MAX_IMPORT_PROBLEMS) {
        this.more = true;
        return;
      }
      this.errors.push({ index, field, message });
    }
    const id = row !== null && typeof row === "object" ? (row as { _id?: unknown })._id : undefined;
    if (typeof id === "string") this.ids.set(index, id);
  }
}

/**
 * Follows the parser's tokens through a listproduct-shaped file: a bare array of rows, or an
 * object whose `products` is that array (its `success` and `message` read, any other key skipped
 * unread). Each row is assembled (stream-json's Assembler) and handed to a RowChecker.
 */
class CatalogueReader {
  private readonly checker = new RowChecker();
  /** Containers open at this point of the file. */
  private depth = 0;
  private place: "start" | "answer" | "rows" | "end" = "start";
  /** The depth inside the list of rows: 1 in a bare array, 2 in `{products: [...]}`. */
  private rowsDepth = 0;
  /** The top-level object's key whose value comes next. */
  private key: string | null = null;
  /** The value being read: a row, `success`, `message`, or something skipped (no assembler). */
  private value: { kind: "row" | "success" | "message" | "skip"; asm: Assembler | null; tokens: number; depth: number } | null = null;
  private sawList = false;
  private fileProblem: string | null = null;
  private success: unknown;
  private message: unknown;
  private rowsSinceTurn = 0;

  /** True once the checker has stopped at the problem after the bound. */
  get stopped(): boolean {
    return this.checker.more;
  }

  /** Consumes one slice's tokens; yields to the event loop every ROWS_PER_TURN rows. */
  async take(tokens: Token[]): Promise<void> {
    for (const token of tokens) {
      this.consume(token);
      if (this.checker.more) return;
      if (this.rowsSinceTurn >= ROWS_PER_TURN) {
        this.rowsSinceTurn = 0;
        await nextTurn();
      }
    }
  }

  /** The refusal so far (the check stopped, or the bytes are not JSON: `notJson`). */
  problems(notJson: string | null = null): CatalogueProblems {
    const { checker } = this;
    if (notJson !== null) return { ok: false, errors: [], more: false, rows: checker.rows, ids: new Map(), notJson };
    return { ok: false, errors: checker.errors, more: checker.more, rows: checker.rows, ids: checker.ids, notJson: null };
  }

  /** The outcome once the whole file was read, with validateCatalogue's order of file problems. */
  result(): CheckedCatalogue | CatalogueProblems {
    const fileError = (message: string): CatalogueProblems => ({
      ok: false,
      errors: [{ index: -1, field: "(file)", message }],
      more: false,
      rows: this.checker.rows,
      ids: new Map(),
      notJson: null,
    });
    if (this.success === false) return fileError(failedAnswer(this.message));
    if (this.fileProblem !== null) return fileError(this.fileProblem);
    if (!this.sawList) return fileError(NOT_A_CATALOGUE);
    if (this.checker.rows === 0) return fileError(NO_PRODUCTS);
    if (this.checker.errors.length > 0) return this.problems();
    return { ok: true, products: this.checker.products, hiddenIds: this.checker.hiddenIds };
  }

  private consume(token: Token): void {
    if (this.value) return this.feed(token);
    switch (this.place) {
      case "start":
        if (token.name === "startArray") this.openRows(1);
        else if (token.name === "startObject") {
          this.depth = 1;
          this.place = "answer";
        } else {
          this.place = "end";
          this.read(token, "skip");
        }
        return;
      case "answer":
        if (token.name === "keyValue") {
          this.key = token.value;
        } else if (token.name === "endObject") {
          this.depth = 0;
          this.place = "end";
        } else if (this.key === "products" && token.name === "startArray" && !this.sawList) {
          this.openRows(2);
        } else {
          if (this.key === "products") this.fileProblem = this.sawList ? "the file has two lists of products" : NOT_A_CATALOGUE;
          this.read(token, this.key === "success" || this.key === "message" ? this.key : "skip");
        }
        return;
      case "rows":
        if (token.name === "endArray") {
          this.depth -= 1;
          this.place = this.rowsDepth === 1 ? "end" : "answer";
        } else {
          this.read(token, "row");
        }
        return;
      case "end":
        return;
    }
  }

  private openRows(depth: number): void {
    this.depth = depth;
    this.rowsDepth = depth;
    this.sawList = true;
    this.place = "rows";
  }

  /** Starts reading the value that begins with `token`. */
  private read(token: Token, kind: "row" | "success" | "message" | "skip"): void {
    this.value = { kind, asm: kind === "skip" ? null : new Assembler(), tokens: 0, depth: this.depth };
    this.feed(token);
  }

  /** One token of the value being read; at its last token the value is done. */
  private feed(token: Token): void {
    const value = this.value!;
    if (token.name === "startObject" || token.name === "startArray") this.depth += 1;
    else if (token.name === "endObject" || token.name === "endArray") this.depth -= 1;
    if (value.asm) {
      value.asm.consume(token);
      value.tokens += 1;
      if (value.tokens > MAX_ROW_TOKENS) value.asm = null;
    }
    if (this.depth !== value.depth) return;
    this.value = null;
    if (value.kind === "row") {
      this.rowsSinceTurn += 1;
      if (value.asm) this.checker.check(value.asm.current);
      else this.checker.tooLarge();
    } else if (value.kind === "success") {
      this.success = value.asm?.current;
    } else if (value.kind === "message") {
      this.message = value.asm?.current;
    }
  }
}
