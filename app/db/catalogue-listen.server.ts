import pg from "pg";
import { CATALOGUE_CHANNEL } from "~/db/products.server";

/** What `listenForCatalogueChanges` returns: stop listening and close the connection. */
export type CatalogueListener = { close: () => Promise<void> };

/** Wait before reconnecting after the listening connection failed, ms. */
const RECONNECT_MS = 1_000;

/**
 * Listens on PostgreSQL's `catalogue_changed` channel (DESIGN.md §15: every catalogue write sends
 * `NOTIFY catalogue_changed` when it commits) on one dedicated connection to `url`, and calls
 * `onChange` for each notification and after each (re)connection (a change may have been missed
 * while it was down). Reconnects after RECONNECT_MS when the connection fails. Never throws.
 */
export function listenForCatalogueChanges(url: string, onChange: () => void): CatalogueListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: url });
    client = next;
    next.on("notification", (message) => {
      if (message.channel === CATALOGUE_CHANNEL) onChange();
    });
    next.on("error", () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) await next.end().catch(() => {});
      else onChange();
    } catch {
      reconnect(next);
    }
  }

  function reconnect(failed: pg.Client) {
    if (client !== failed || closed) return;
    client = null;
    failed.end().catch(() => {});
    retry = setTimeout(() => void connect(), RECONNECT_MS);
    retry.unref();
  }

  void connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
