import { getBackend } from "~/backend/index.server";
import { log } from "~/observability/log.server";

/** How long the database may take to answer readiness's query, ms. */
const READY_TIMEOUT_MS = 2_000;

/** The check in flight, shared by every probe that arrives while it runs. */
let inFlight: Promise<string | null> | undefined;

/**
 * `checkReadiness`, with the probes that arrive while one check runs sharing its answer: a flood
 * of `/readyz` requests (the endpoint is public) costs the database one query at a time.
 * Never throws.
 */
export function storeReadiness(): Promise<string | null> {
  inFlight ??= checkReadiness().finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

/**
 * Readiness (issue 46 item 4; docs/decisions/1003-readiness.md): null when this process can
 * serve — its database answers a query within READY_TIMEOUT_MS and has every migration of this
 * build applied — else the reason, for `/readyz`'s 503 ("database unavailable", "migrations
 * pending"). A process of a remote backend (BACKEND_URL) has no database of its own: ready.
 * The cause of a database failure is logged, not told to the caller. Never throws.
 */
async function checkReadiness(): Promise<string | null> {
  const own = getBackend().own;
  if (!own) return null;
  let timer: NodeJS.Timeout | undefined;
  try {
    // Reading the migrations table is the query that must answer (backend/own operations).
    const check = own.operations.pendingMigrations();
    const pending = await Promise.race([
      check,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), READY_TIMEOUT_MS);
      }),
    ]);
    return pending.length > 0 ? "migrations pending" : null;
  } catch (error) {
    log.warn({ err: error }, "readiness: the database does not answer");
    return "database unavailable";
  } finally {
    clearTimeout(timer);
  }
}
