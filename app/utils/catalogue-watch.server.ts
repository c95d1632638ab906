/**
 * This process's view of the catalogue's tag (DESIGN.md §15, §17): what the page cache compares a
 * stored page's tag with. It reads the tag every `pollMs` and whenever `nudge` is called (on
 * PostgreSQL, by the `catalogue_changed` notification: db/catalogue-listen.server.ts), so another
 * process's import or edit is seen within `pollMs` at worst, at once with PostgreSQL.
 */
export type CatalogueWatch = {
  /**
   * The last tag read, or null before the first read succeeded or when no read that started in
   * the last `trustMs` has succeeded (the database is down or unreachable from here: a change
   * elsewhere could not be seen, so the page cache serves nothing; issue 49 item 2).
   */
  tag: () => string | null;
  /** Reads the tag now (coalesced with a read already running: one more read follows it). */
  nudge: () => void;
  /** Stops reading. */
  close: () => void;
};

/** What `watchCatalogue` takes besides the reader and the period. */
export type CatalogueWatchOptions = {
  /** How long a tag read stays trusted without a newer successful read, ms (default: 10 polls). */
  trustMs?: number;
  /** The clock, ms since epoch; replaced in tests. */
  now?: () => number;
};

/**
 * Starts watching: `readTag` is e.g. `getBackend().catalogueTag()` (a one-row query, or the
 * storefront's in-memory copy under BACKEND_URL); a failed read keeps the last tag for `trustMs`
 * after the start of the last read that succeeded (a read that hangs counts as failed). Never throws.
 * Source: DESIGN.md §17; issue 49 item 2 (docs/decisions/1021).
 */
export function watchCatalogue(readTag: () => Promise<string>, pollMs: number, options: CatalogueWatchOptions = {}): CatalogueWatch {
  const now = options.now ?? Date.now;
  const trustMs = options.trustMs ?? pollMs * 10;
  let current: string | null = null;
  /** When the read that gave `current` started, ms. */
  let readAt = 0;
  let reading: Promise<void> | null = null;
  let again = false;

  function read() {
    if (reading) {
      again = true;
      return;
    }
    const startedAt = now();
    reading = readTag()
      .then((tag) => {
        current = tag;
        readAt = startedAt;
      })
      .catch(() => {})
      .finally(() => {
        reading = null;
        if (again) {
          again = false;
          read();
        }
      });
  }

  read();
  const timer = setInterval(read, pollMs);
  timer.unref();
  return {
    tag: () => (current !== null && now() - readAt <= trustMs ? current : null),
    nudge: read,
    close: () => clearInterval(timer),
  };
}
