/**
 * This process's view of the catalogue's tag (DESIGN.md §15, §17): what the page cache compares a
 * stored page's tag with. It reads the tag every `pollMs` and whenever `nudge` is called (on
 * PostgreSQL, by the `catalogue_changed` notification: db/catalogue-listen.server.ts), so another
 * process's import or edit is seen within `pollMs` at worst, at once with PostgreSQL.
 */
export type CatalogueWatch = {
  /** The last tag read, or null before the first read succeeded. */
  tag: () => string | null;
  /** Reads the tag now (coalesced with a read already running). */
  nudge: () => void;
  /** Stops reading. */
  close: () => void;
};

/**
 * Starts watching: `readTag` is e.g. `getBackend().catalogueTag()` (a one-row query, or the
 * storefront's in-memory copy under BACKEND_URL); a failed read keeps the last tag. Never throws.
 */
export function watchCatalogue(readTag: () => Promise<string>, pollMs: number): CatalogueWatch {
  let current: string | null = null;
  let reading: Promise<void> | null = null;
  let again = false;

  function read() {
    if (reading) {
      again = true;
      return;
    }
    reading = readTag()
      .then((tag) => {
        current = tag;
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
  return { tag: () => current, nudge: read, close: () => clearInterval(timer) };
}
