/**
 * The servers the browser tests run against (playwright.config.ts starts both with
 * tests/setup/e2e-server.sh, each on a fresh SQLite file of its own):
 *
 * - the store, which every spec reads: its catalogue, delivery rules and settings stay as seeded;
 * - the back office's, for the specs that change what every page reads (admin-products adds and
 *   hides watches, admin-delivery edits the delivery rules), so no other spec sees their changes.
 */

/** The store's port: E2E_PORT, 3210 by default. */
export const STORE_PORT = Number(process.env.E2E_PORT ?? 3210);

/** The back office's port: E2E_BACK_OFFICE_PORT, by default the store's + 1000. */
export const BACK_OFFICE_PORT = Number(process.env.E2E_BACK_OFFICE_PORT ?? STORE_PORT + 1000);

export const STORE_URL = `http://localhost:${STORE_PORT}`;
export const BACK_OFFICE_URL = `http://localhost:${BACK_OFFICE_PORT}`;
