import pg from "pg";
import { CATALOGUE_CHANNEL, catalogueTagOf } from "~/db/products.server";

/** What `listenForCatalogueChanges` returns: stop listening and close the connection. */
export type CatalogueListener = { close: () => Promise<void> };

/** What else `listenForCatalogueChanges` takes. */
export type CatalogueListenOptions = {
  /**
   * Called once each time a connection that was listening is lost (an error, the server ending
   * it, `pg_terminate_backend`): notifications may be missed until it is back, so the page cache
   * drops every stored page (issue 49 item 2). Not called by `close`, nor for a connection that
   * never got as far as LISTEN.
   */
  onLost?: () => void;
};

/** Wait before reconnecting after the listening connection failed, ms. */
const RECONNECT_MS = 1_000;

/**
 * The `application_name` of the listening connection, so an operator finds it in
 * `pg_stat_activity` (issue 49 item 3). An `application_name` in the URL's query wins.
 */
export const CATALOGUE_LISTEN_APPLICATION = "store-catalogue-listen";

/**
 * Listens on PostgreSQL's `catalogue_changed` channel (DESIGN.md §15: every catalogue write sends
 * `NOTIFY catalogue_changed` when it commits) on one dedicated connection to `url` — a session
 * of its own, never through PgBouncer in transaction mode (DATABASE_LISTEN_URL; issue 49 item 3)
 * — and calls `onChange` for each notification, with the catalogue's new tag (`catalogueTagOf`
 * its payload; null for a payload that is not a version), and after each (re)connection with null
 * (a change may have been missed while it was down). When a listening connection is lost it calls `options.onLost`,
 * then reconnects after RECONNECT_MS, as often as it takes. TCP keep-alive is on, so a
 * connection the network dropped is noticed too. Never throws; never emits an unhandled 'error'.
 */
export function listenForCatalogueChanges(url: string, onChange: (tag: string | null) => void, options: CatalogueListenOptions = {}): CatalogueListener {
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: CATALOGUE_LISTEN_APPLICATION, keepAlive: true });
    client = next;
    next.on("notification", (message) => {
      if (message.channel !== CATALOGUE_CHANNEL) return;
      const version = /^[0-9]{1,15}$/.test(message.payload ?? "") ? Number(message.payload) : null;
      onChange(version === null ? null : catalogueTagOf(version));
    });
    next.on("error", () => reconnect(next));
    next.on("end", () => reconnect(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) await next.end().catch(() => {});
      else if (client === next) {
        listening = true;
        onChange(null);
      }
    } catch {
      reconnect(next);
    }
  }

  function reconnect(failed: pg.Client) {
    if (client !== failed || closed) return;
    client = null;
    if (listening) {
      listening = false;
      try {
        options.onLost?.();
      } catch {
        // The caller's; the connection comes back regardless.
      }
    }
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
