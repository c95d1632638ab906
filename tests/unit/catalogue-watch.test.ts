import { describe, expect, it } from "vitest";
import { catalogueListenUrl, parseEnv } from "~/config/env.server";
import { watchCatalogue } from "~/utils/catalogue-watch.server";

/**
 * How a store process keeps its view of the catalogue's tag (issue 49 items 2, 3;
 * docs/decisions/1021): a tag it could not confirm for `trustMs` is no tag at all (the page cache
 * then serves nothing), and the listener's own setting, DATABASE_LISTEN_URL.
 */

/** A tag reader the test answers by hand: each read waits for `answer` or `fail`. */
function manualReader() {
  const pending: { resolve: (tag: string) => void; reject: (error: Error) => void }[] = [];
  return {
    read: () => new Promise<string>((resolve, reject) => pending.push({ resolve, reject })),
    reads: () => pending.length,
    answer: (tag: string) => pending.shift()!.resolve(tag),
    fail: () => pending.shift()!.reject(new Error("connection refused")),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("watchCatalogue", () => {
  it("keeps the last tag while reads fail for up to trustMs after the last good read began, then answers null until one succeeds", async () => {
    let clock = 1_000;
    const reader = manualReader();
    // A poll of an hour: only the first read and the nudges below read.
    const watch = watchCatalogue(reader.read, 3_600_000, { trustMs: 5_000, now: () => clock });
    try {
      expect(watch.tag()).toBeNull();
      reader.answer("v1");
      await settle();
      expect(watch.tag()).toBe("v1");

      clock += 2_000;
      watch.nudge();
      reader.fail();
      await settle();
      expect(watch.tag()).toBe("v1");

      // 5 s after the good read began: still trusted; a millisecond more: not.
      clock = 1_000 + 5_000;
      expect(watch.tag()).toBe("v1");
      clock += 1;
      expect(watch.tag()).toBeNull();

      // A read that began at 6,001 ms and answered: trusted again from its start.
      watch.nudge();
      reader.answer("v2");
      await settle();
      expect(watch.tag()).toBe("v2");
      clock = 6_001 + 5_000 + 1;
      expect(watch.tag()).toBeNull();
    } finally {
      watch.close();
    }
  });

  it("a read that hangs counts as failed: the tag stops being trusted though no read has failed", async () => {
    let clock = 0;
    const reader = manualReader();
    const watch = watchCatalogue(reader.read, 3_600_000, { trustMs: 5_000, now: () => clock });
    try {
      reader.answer("v1");
      await settle();
      watch.nudge();
      expect(reader.reads()).toBe(1);
      clock = 5_001;
      expect(watch.tag()).toBeNull();
      // A nudge while it hangs does not start a second read; the answer, when it comes, is from 0 ms.
      watch.nudge();
      expect(reader.reads()).toBe(1);
      reader.answer("v2");
      await settle();
      expect(watch.tag()).toBeNull();
      // …and the nudge's read follows it at once.
      expect(reader.reads()).toBe(1);
      reader.answer("v2");
      await settle();
      expect(watch.tag()).toBe("v2");
    } finally {
      watch.close();
    }
  });
});

describe("DATABASE_LISTEN_URL (issue 49 item 3)", () => {
  const pg = "postgres://store@pgbouncer.internal:6432/store";
  const direct = "postgres://store@db.internal:5432/store";

  it("defaults to DATABASE_URL on PostgreSQL, and is nothing on SQLite", () => {
    expect(catalogueListenUrl(parseEnv({ DATABASE_URL: pg }))).toBe(pg);
    expect(catalogueListenUrl(parseEnv({ DATABASE_URL: pg, DATABASE_LISTEN_URL: "  " }))).toBe(pg);
    expect(catalogueListenUrl(parseEnv({ DATABASE_URL: "file:./data/store.db" }))).toBeNull();
  });

  it("names PostgreSQL itself beside a DATABASE_URL through PgBouncer", () => {
    expect(catalogueListenUrl(parseEnv({ DATABASE_URL: pg, DATABASE_LISTEN_URL: direct }))).toBe(direct);
    expect(catalogueListenUrl(parseEnv({ DATABASE_URL: pg, DATABASE_LISTEN_URL: "postgresql://db.internal/store" }))).toBe("postgresql://db.internal/store");
  });

  it("refuses anything but a postgres:// URL, and a listen URL beside SQLite", () => {
    expect(() => parseEnv({ DATABASE_URL: pg, DATABASE_LISTEN_URL: "mysql://db.internal/store" })).toThrow(/DATABASE_LISTEN_URL: must start with postgres:\/\//);
    expect(() => parseEnv({ DATABASE_URL: "file:./data/store.db", DATABASE_LISTEN_URL: direct })).toThrow(/DATABASE_LISTEN_URL: is for a PostgreSQL DATABASE_URL only/);
  });
});
