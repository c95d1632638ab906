import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { productToJson } from "~/schemas/product";
import { catalogueVersion, importCatalogue, listProducts, validateCatalogue } from "~/services/catalogue.server";
import {
  checkCatalogueStream,
  countProblems,
  MAX_IMPORT_PROBLEMS,
  moreProblemsLine,
  writeCatalogue,
  type CatalogueProblems,
} from "~/services/catalogue-import.server";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { createProofDatabase, type ProofDatabase } from "../setup/proof-server";
import { EMPTY_ROW_PROBLEMS } from "../fixtures/catalogue-problems";

/** Each CLI run starts Node with tsx: about a second, far more on a busy machine. */
const CLI_TIMEOUT = 180_000;
const SAMPLE_FILE = path.resolve("tests/fixtures/catalogue-sample.json");
const sample = JSON.parse(fs.readFileSync(SAMPLE_FILE, "utf8")) as { success: boolean; products: Record<string, unknown>[] };
const good = (id: string, extra: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Watch ${id}`,
  image: [`/images/${id}.svg`],
  price: 1999,
  category: "Men",
  subCategory: "Casio",
  createdAt: "2026-01-01",
  ...extra,
});

describe("validating a catalogue file", () => {
  it("reports every bad row by 0-based index and field, with a readable message", () => {
    const result = validateCatalogue([
      good("a"),
      good("b", { price: -5, image: [] }),
      good("c"),
      good("d", { category: "Kids", createdAt: "yesterday-ish", image: ["javascript:alert(1)"] }),
      { name: "no id" },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual(
      expect.arrayContaining([
        { index: 1, field: "price", message: "must be 0 or more" },
        { index: 1, field: "image", message: "needs at least one image" },
        { index: 3, field: "category", message: "must be one of Men, Women, Couple" },
        { index: 3, field: "createdAt", message: "must be an ISO date or ms since epoch" },
        { index: 3, field: "image.0", message: "must be a path starting with / or an http(s) URL" },
        expect.objectContaining({ index: 4, field: "_id" }),
      ]),
    );
    expect(result.errors.some((e) => e.index === 0 || e.index === 2)).toBe(false);
  });

  it("reports a repeated id at its second row", () => {
    const result = validateCatalogue([good("a"), good("b"), good("a")]);
    expect(result).toEqual({ ok: false, errors: [{ index: 2, field: "_id", message: "duplicate id a (first used in row 0)" }] });
  });

  it("accepts the bare array or the whole listproduct answer; refuses a failed answer, an empty list, or no list", () => {
    expect(validateCatalogue(sample)).toMatchObject({ ok: true });
    expect(validateCatalogue(sample.products)).toMatchObject({ ok: true });
    const fileError = (input: unknown) => {
      const result = validateCatalogue(input);
      expect(result.ok).toBe(false);
      return result.ok ? [] : result.errors;
    };
    expect(fileError({ success: false, message: "Not authorised" })).toEqual([
      { index: -1, field: "(file)", message: "the file holds a failed answer: Not authorised" },
    ]);
    expect(fileError([])[0].message).toMatch(/no products/);
    expect(fileError({ success: true, products: [] })[0].message).toMatch(/no products/);
    expect(fileError("text")[0]).toMatchObject({ index: -1, field: "(file)" });
    expect(fileError(null)[0]).toMatchObject({ index: -1, field: "(file)" });
  });
});

describe.each(testDatabases())("importing a catalogue on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("imports the sample listproduct answer: order kept, rupees to paise, empty price falls back to discount", async () => {
    current = await create();
    expect(await importCatalogue(current.db, sample)).toEqual({ ok: true, imported: 4 });
    const products = await listProducts(current.db);
    expect(products.map((p) => p.id)).toEqual(["seiko-srpb43j1", "casio-a168wa-1", "cartier-wsta0041", "tissot-couple-everytime"]);
    expect(products[0]).toMatchObject({ pricePaise: 899_900, originalPaise: 1_250_000, bestseller: true, sold: 412 });
    expect(products[1]).toMatchObject({ videos: ["/media/watch-w00004.mp4"], videoPoster: "/media/watch-w00004-poster.jpg", colours: ["Silver", "Gold"], createdAt: 1767225600000 });
    expect(products[2]).toMatchObject({ pricePaise: 2_450_000, originalPaise: null, strapMaterial: null, category: "Women" });
    expect(products[3]).toMatchObject({ description: "", features: [], movement: "", colours: [], bestseller: false, sold: 0 });
  });

  it("writes nothing when any row is bad: the stored catalogue stays as it was", async () => {
    current = await create();
    await importCatalogue(current.db, sample);
    const before = await listProducts(current.db);
    const rows = [...sample.products, good("late", { price: "twelve" })];
    const result = await importCatalogue(current.db, rows);
    expect(result).toEqual({ ok: false, errors: [expect.objectContaining({ index: 4, field: "price" })] });
    expect(await listProducts(current.db)).toEqual(before);
  });

  it("replaces the whole catalogue, and a store's own listproduct answer moves it over unchanged", async () => {
    current = await create();
    await importCatalogue(current.db, sample);
    const demo = generateDemoCatalogue(40);
    expect(await importCatalogue(current.db, demo)).toEqual({ ok: true, imported: 40 });
    const stored = await listProducts(current.db);
    expect(stored.map((p) => p.id)).toEqual(demo.map((p) => p._id));
    // "Save the listproduct answer to a file" and import it into a new store: the same products come out.
    const answer = JSON.parse(JSON.stringify({ success: true, products: stored.map(productToJson) }));
    await current.cleanup();
    current = await create();
    expect(await importCatalogue(current.db, answer)).toEqual({ ok: true, imported: 40 });
    expect(await listProducts(current.db)).toEqual(stored);
  });
});

describe("npm run catalogue:import (the CLI, end to end on a temporary SQLite file)", () => {
  let dir: string;
  let databaseUrl: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-cli-"));
    databaseUrl = `file:${path.join(dir, "store.db")}`;
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = (args: string[], input?: string) => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/catalogue-import.ts", ...args], {
      cwd: path.resolve("."),
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "test" },
      input,
      encoding: "utf8",
      timeout: 60_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const storedIds = async () => {
    const db = createDatabase(databaseUrl);
    try {
      return (await listProducts(db)).map((p) => p.id);
    } finally {
      await db.destroy();
    }
  };

  it("--dry-run checks the file and writes nothing", () => {
    const { code, stdout } = run([SAMPLE_FILE, "--dry-run"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Checked 4 products in");
    expect(stdout).toContain("Nothing was written (--dry-run)");
    expect(fs.existsSync(path.join(dir, "store.db"))).toBe(false);
  }, CLI_TIMEOUT);

  it("imports a file and says how many products", async () => {
    const { code, stdout } = run([SAMPLE_FILE]);
    expect(code).toBe(0);
    expect(stdout).toContain("Imported 4 products into file:");
    expect(await storedIds()).toEqual(["seiko-srpb43j1", "casio-a168wa-1", "cartier-wsta0041", "tissot-couple-everytime"]);
  }, CLI_TIMEOUT);

  it("lists bad rows by row and field, exits 1 and leaves the stored catalogue alone", async () => {
    const file = path.join(dir, "bad.json");
    fs.writeFileSync(file, JSON.stringify([good("a"), good("b", { price: -1 }), good("c", { category: "Kids" })]));
    const { code, stdout, stderr } = run([file]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain("Nothing was imported: 2 problems in 2 of 3 rows");
    expect(stderr).toContain("row 1, field price: must be 0 or more (_id b)");
    expect(stderr).toContain("row 2, field category: must be one of Men, Women, Couple (_id c)");
    expect(await storedIds()).toHaveLength(4);
  }, CLI_TIMEOUT);

  it("shows at most 50 problems and counts the rest", () => {
    const file = path.join(dir, "many.json");
    fs.writeFileSync(file, JSON.stringify(Array.from({ length: 80 }, (_, i) => good(`x${i}`, { price: -1 }))));
    const { code, stderr } = run([file]);
    expect(code).toBe(1);
    expect(stderr.match(/^ {2}row \d+, field price/gm)).toHaveLength(50);
    expect(stderr).toContain("…and 30 more problems.");
  }, CLI_TIMEOUT);

  it("reads standard input with -, and refuses invalid JSON, empty catalogues and wrong usage", async () => {
    const fromStdin = run(["-"], JSON.stringify({ success: true, products: [good("only")] }));
    expect(fromStdin).toMatchObject({ code: 0 });
    expect(fromStdin.stdout).toContain("Imported 1 products");
    expect(await storedIds()).toEqual(["only"]);

    const broken = run(["-"], "{ not json");
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("Nothing was imported: standard input is not valid JSON");

    const empty = run(["-"], "[]");
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("an empty catalogue is never imported");

    expect(run([]).code).toBe(2);
    expect(run([path.join(dir, "missing.json")]).code).toBe(2);
    expect(run([SAMPLE_FILE, "--force"]).code).toBe(2);
    expect(await storedIds()).toEqual(["only"]);
  }, CLI_TIMEOUT);
});

/** 5,000 demo products (5.4 MB as JSON), made once for the file; a smaller demo catalogue is a prefix of it. */
const DEMO = generateDemoCatalogue(5_000);

const cliDatabases: ("sqlite" | "postgres")[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

// 1,200 products, 1.3 MB: three INSERTs of 500 rows (db/products.server.ts) and about 80 slices of
// 16 KB to check (services/catalogue-import.server.ts).
describe.each(cliDatabases)("npm run catalogue:import of 1,200 products on %s (more than one chunk to check and to write)", (kind) => {
  const COUNT = 1_200;
  const demo = DEMO.slice(0, COUNT);
  let database: ProofDatabase;
  let dir: string;
  beforeAll(async () => {
    database = await createProofDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-cli-large-"));
  });
  afterAll(async () => {
    await database?.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const importFile = (rows: unknown[]) => {
    const file = path.join(dir, `catalogue-${rows.length}-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify({ success: true, products: rows }));
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/catalogue-import.ts", file], {
      cwd: path.resolve("."),
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test" },
      encoding: "utf8",
      timeout: 120_000,
    });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const storedIds = async () => {
    const db = database.open();
    try {
      return (await listProducts(db)).map((p) => p.id);
    } finally {
      await db.destroy();
    }
  };

  it("imports every row in file order and, piped, prints only the final lines (no progress bar)", async () => {
    const { code, stdout, stderr } = importFile(demo);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^Imported ${COUNT} products into \\S+ in \\d+\\.\\d s \\(reading`));
    expect(stdout).not.toContain("\u001b");
    expect(await storedIds()).toEqual(demo.map((p) => p._id));
  }, CLI_TIMEOUT);

  it("a bad last row writes nothing: the 1,200 products stay as they were", async () => {
    const reversed = [...demo].reverse();
    reversed[COUNT - 1] = { ...reversed[COUNT - 1], price: -1 };
    const { code, stdout, stderr } = importFile(reversed);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`Nothing was imported: 1 problem in 1 of ${COUNT} rows`);
    expect(stderr).toContain(`row ${COUNT - 1}, field price: must be 0 or more (_id w00001)`);
    expect(await storedIds()).toEqual(demo.map((p) => p._id));
  }, CLI_TIMEOUT);

  it("finds an id repeated far from its first use, and names the first row", async () => {
    const rows = demo.map((p, i) => (i === 1_100 ? { ...p, _id: demo[10]._id } : p));
    const { code, stderr } = importFile(rows);
    expect(code).toBe(1);
    expect(stderr).toContain(`row 1100, field _id: duplicate id ${demo[10]._id} (first used in row 10)`);
    expect(await storedIds()).toEqual(demo.map((p) => p._id));
  }, CLI_TIMEOUT);
});

/** The first `count` problems of a file of `{}` rows: six per row, in that order. */
const emptyRowProblems = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    index: Math.floor(i / EMPTY_ROW_PROBLEMS.length),
    field: EMPTY_ROW_PROBLEMS[i % EMPTY_ROW_PROBLEMS.length][0],
    message: EMPTY_ROW_PROBLEMS[i % EMPTY_ROW_PROBLEMS.length][1],
  }));
/** The review's file (issue 21 item 3): 300,000 `{}` rows, 879 KB. */
const REVIEW_FILE = `[${Array.from({ length: 300_000 }, () => "{}").join(",")}]`;
const MORE_LINE = "…and more problems (the check stopped after 1,000; the first 50 are shown).";

/** `text` as a stream of chunks of `size` bytes (a multi-byte character may be cut in two). */
const chunked = (text: string, size = 64 * 1024) => {
  const bytes = Buffer.from(text);
  return Readable.from(Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size)));
};
const refused = (result: Awaited<ReturnType<typeof checkCatalogueStream>>): CatalogueProblems => {
  expect(result.ok).toBe(false);
  return result as CatalogueProblems;
};

describe("checks stay bounded (issue 21 item 3)", () => {
  it("300,000 `{}` rows: exactly the first 1,000 problems, then a line saying there are more", async () => {
    // In memory (the demo seed's path) …
    const inMemory = validateCatalogue(JSON.parse(REVIEW_FILE));
    expect(inMemory).toEqual({ ok: false, errors: emptyRowProblems(1_000), more: true });
    // … and read as a stream (the page and the command): the same problems, and it stops reading.
    const streamed = refused(await checkCatalogueStream(chunked(REVIEW_FILE)));
    expect(streamed.errors).toEqual(emptyRowProblems(MAX_IMPORT_PROBLEMS));
    expect(streamed).toMatchObject({ more: true, rows: Math.ceil(1_001 / 6), notJson: null });
    expect(countProblems(streamed)).toBe("more than 1,000 problems in the first 167 rows");
    expect(moreProblemsLine(streamed)).toBe(MORE_LINE);
  });

  it("fewer problems than the bound are all listed, and counted", async () => {
    const text = JSON.stringify(Array.from({ length: 120 }, () => ({})));
    expect(validateCatalogue(JSON.parse(text))).toEqual({ ok: false, errors: emptyRowProblems(720) });
    const streamed = refused(await checkCatalogueStream(chunked(text)));
    expect(streamed).toMatchObject({ errors: emptyRowProblems(720), more: false, rows: 120 });
    expect(countProblems(streamed)).toBe("720 problems in 120 of 120 rows");
    expect(moreProblemsLine(streamed)).toBe("…and 670 more problems.");
    expect(moreProblemsLine({ errors: streamed.errors.slice(0, 50), more: false })).toBeNull();
  });

  it("exactly 1,000 problems are all listed; a 1,001st makes the …and more line", async () => {
    const rows = (count: number) => JSON.stringify(Array.from({ length: count }, (_, i) => good(`r${i}`, { price: -1 })));
    const thousand = refused(await checkCatalogueStream(chunked(rows(1_000))));
    expect(thousand).toMatchObject({ more: false, rows: 1_000 });
    expect(thousand.errors).toEqual(Array.from({ length: 1_000 }, (_, index) => ({ index, field: "price", message: "must be 0 or more" })));
    expect(thousand.ids.get(999)).toBe("r999");
    expect(moreProblemsLine(thousand)).toBe("…and 950 more problems.");
    const more = refused(await checkCatalogueStream(chunked(rows(1_001))));
    expect(more).toMatchObject({ more: true, rows: 1_001 });
    expect(more.errors).toHaveLength(1_000);
    expect(validateCatalogue(JSON.parse(rows(1_001)))).toMatchObject({ ok: false, more: true });
  });

  it("the streamed check answers what the in-memory check answers, however the bytes are cut", async () => {
    const inputs: unknown[] = [
      sample,
      sample.products,
      [good("a"), good("b", { price: -5, image: [] }), good("a"), { name: "no id" }, 7, null, good("ü-ñ", { name: "Ünïcödé ⌚ watch" })],
      [good("h", { hidden: true }), good("shown")],
      { products: [good("late")], success: false, message: "Not authorised" },
      { success: true, extra: { nested: [1, [2, { deep: true }]] }, products: [good("x"), good("x")] },
      { success: true },
      { products: "none" },
      [],
      "text",
      null,
    ];
    for (const input of inputs) {
      const text = JSON.stringify(input, null, 1);
      const expected = validateCatalogue(JSON.parse(text));
      for (const size of [1, 7, 64 * 1024]) {
        const streamed = await checkCatalogueStream(chunked(`\uFEFF${text}`, size));
        if (expected.ok) {
          expect(streamed).toEqual(expected);
        } else {
          expect(streamed).toMatchObject({ ok: false, errors: expected.errors, more: false, notJson: null });
        }
      }
    }
    for (const broken of ["", "{ not json", "[1, 2", '[{"a": 1}] trailing', '{"products": [{}]'])
      expect(refused(await checkCatalogueStream(chunked(broken, 3))).notJson).toMatch(/Parser/);
  });

  it("a row of more than 10,000 values is refused without being built; the rows after it are still checked", async () => {
    const text = JSON.stringify([good("a"), { _id: "huge", image: Array.from({ length: 20_000 }, () => 1) }, good("b", { price: -1 })]);
    const result = refused(await checkCatalogueStream(chunked(text)));
    expect(result.errors).toEqual([
      { index: 1, field: "(row)", message: "has more than 10,000 keys and values; a product has far fewer" },
      { index: 2, field: "price", message: "must be 0 or more" },
    ]);
  });

  it("lets the event loop turn while it reads: many setImmediate callbacks run before a 5 MB check ends", async () => {
    const text = JSON.stringify(DEMO);
    let turns = 0;
    let checking = true;
    const count = () => {
      turns += 1;
      if (checking) setImmediate(count);
    };
    setImmediate(count);
    const result = await checkCatalogueStream(chunked(text));
    checking = false;
    expect(result).toMatchObject({ ok: true });
    // One turn at least every 16 KB read (and every 100 rows): 5 MB is some 330 slices.
    expect(turns).toBeGreaterThan(Buffer.byteLength(text) / (16 * 1024));
  });
});

describe.each(testDatabases())("refusing the review's 300,000 `{}` rows on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("writes nothing, in memory or streamed: the products and the catalogue's version stay as they were", async () => {
    current = await create();
    await importCatalogue(current.db, sample);
    const before = { products: await listProducts(current.db), version: await catalogueVersion(current.db) };
    const result = await importCatalogue(current.db, JSON.parse(REVIEW_FILE));
    expect(result).toEqual({ ok: false, errors: emptyRowProblems(1_000), more: true });
    expect(refused(await checkCatalogueStream(chunked(REVIEW_FILE))).errors).toHaveLength(1_000);
    expect({ products: await listProducts(current.db), version: await catalogueVersion(current.db) }).toEqual(before);
    // A good file still goes through the streamed check and the same write.
    const demo = generateDemoCatalogue(30);
    const checked = await checkCatalogueStream(chunked(JSON.stringify({ success: true, products: demo })));
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(await writeCatalogue(current.db, checked)).toBe(30);
    expect((await listProducts(current.db)).map((p) => p.id)).toEqual(demo.map((p) => p._id));
  });
});
