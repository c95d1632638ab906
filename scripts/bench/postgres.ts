import crypto from "node:crypto";
import pg from "pg";

/** Where throwaway bench databases are created: TEST_DATABASE_URL's server, else the local one. */
export const postgresAdminUrl = () => process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/** A database URL fit to print: the password, if any, is hidden. */
export const safeUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Null when PostgreSQL answers at `adminUrl`, else why not. */
export async function postgresUnreachable(adminUrl: string): Promise<string | null> {
  try {
    await withAdmin(adminUrl, (client) => client.query("select 1"));
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  }
}

export type ThrowawayDatabase = { name: string; url: string; drop: () => Promise<void> };

/** Creates an empty database `bench_<hex>` beside `adminUrl`'s; `drop` removes it (WITH (FORCE)). */
export async function createThrowawayDatabase(adminUrl: string): Promise<ThrowawayDatabase> {
  const name = `bench_${crypto.randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.href,
    drop: () => withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
