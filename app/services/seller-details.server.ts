import { getEnv, type Env } from "~/config/env.server";
import type { DB, Executor } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { SELLER_DETAIL_LABELS, missingSellerDetails, sellerDetailsWarning } from "~/lib/store-settings";
import { hasLiveCredentials } from "~/payments/gateway.server";
import { readStoreSettings } from "~/services/invoices.server";
import { log } from "~/observability/log.server";

/**
 * The seller's details a store taking real money must show (issue 25 item 1; Consumer Protection
 * (E-Commerce) Rules 2020, rules 4 and 5; docs/decisions/0780): which of them the owner's settings
 * leave empty, said at start-up (stderr) and on the back office's dashboard.
 */

/**
 * The labels of the seller's details the settings leave empty (the demo GSTIN counts as empty), in
 * the settings form's order, when the store takes live payments (`hasLiveCredentials`); [] in test
 * mode, where the demo values are fine.
 */
export async function missingSellerDetailLabels(db: Executor, env: Env = getEnv()): Promise<string[]> {
  if (!hasLiveCredentials(env)) return [];
  return missingSellerDetails(await readStoreSettings(db)).map((field) => SELLER_DETAIL_LABELS[field]);
}

/**
 * Checks the seller's details once when the server process starts: with live payments and a
 * detail left empty, one line on stderr naming each (`sellerDetailsWarning`). Resolves to that
 * line, or null when there is nothing to say; a failure to read is logged and never stops the store.
 */
export async function checkSellerDetailsAtStart(
  database: () => Promise<DB> = getDb,
  env: Env = getEnv(),
  warn: (line: string) => void = (line) => log.warn({ alert: "seller_details_missing" }, line),
): Promise<string | null> {
  try {
    if (!hasLiveCredentials(env)) return null;
    const line = sellerDetailsWarning(missingSellerDetails(await readStoreSettings(await database())));
    if (line) warn(line);
    return line;
  } catch (error) {
    log.error({ err: error }, "Seller details check failed");
    return null;
  }
}
