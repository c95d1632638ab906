import type { DB } from "~/db/db.server";

/** A service function whose first parameter is the database (or a transaction-capable executor). */
type DbFunction = (db: DB, ...args: never[]) => unknown;

/** `fns` with the database parameter taken away: each call opens the store's database first. */
export type BoundToDb<F extends Record<string, DbFunction>> = {
  [K in keyof F]: F[K] extends (db: DB, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * The service functions `fns` (each `(db, …args)`) as calls without the database: each awaits
 * `getDb()` (the process's migrated, seeded store database) and passes it first. How the local
 * store's own features are offered through the backend (docs/decisions/0680-one-door.md).
 */
export function bindDb<F extends Record<string, DbFunction>>(getDb: () => Promise<DB>, fns: F): BoundToDb<F> {
  return Object.fromEntries(
    Object.entries(fns).map(([name, fn]) => [name, async (...args: never[]) => (fn as (db: DB, ...rest: never[]) => unknown)(await getDb(), ...args)]),
  ) as BoundToDb<F>;
}
