import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { productToJson } from "~/schemas/product";
import { importCatalogue, listProducts, validateCatalogue } from "~/services/catalogue.server";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { createProofDatabase, type ProofDatabase } from "../setup/proof-server";

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

const cliDatabases: ("sqlite" | "postgres")[] = ["sqlite", ...(process.env.TEST_DATABASE_URL ? (["postgres"] as const) : [])];

describe.each(cliDatabases)("npm run catalogue:import of 5,000 products on %s (more than one chunk to check and to write)", (kind) => {
  const COUNT = 5_000;
  const demo = generateDemoCatalogue(COUNT);
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

  it("a bad last row writes nothing: the 5,000 products stay as they were", async () => {
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
    const rows = demo.map((p, i) => (i === 4_500 ? { ...p, _id: demo[10]._id } : p));
    const { code, stderr } = importFile(rows);
    expect(code).toBe(1);
    expect(stderr).toContain(`row 4500, field _id: duplicate id ${demo[10]._id} (first used in row 10)`);
    expect(await storedIds()).toEqual(demo.map((p) => p._id));
  }, CLI_TIMEOUT);
});
