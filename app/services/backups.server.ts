import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { catalogueListenUrl, getEnv } from "~/config/env.server";
import { mediaDir, reportVideoDir } from "~/config/media.server";
import { createDatabase, migrateToLatest } from "~/db/db.server";

/*
 * Backups that are proven by a restore (issue 46 item 1; docs/decisions/1001-backups.md).
 *
 * A backup is one folder in BACKUP_DIR, `store-<UTC time>` (e.g. `store-20261202T095300123Z`):
 *   store.db | store.dump   the database: SQLite's online backup, or `pg_dump -Fc`
 *   files/<folder>/…        the uploaded files: media (product and review pictures), report-videos, return-photos
 *   manifest.json           what "good" means: written only after the copy was checked
 * It is built in `.partial-<name>` beside and renamed into place, so a folder with a manifest is
 * whole, and nothing half-written is left on a failure.
 */

/** The application_name of the store's PostgreSQL sessions (db/db.server.ts): the restore refuses while one is connected. */
export const STORE_APPLICATION_NAME = "chrono-store";

/** The counts a backup records and a restore prints: rows of orders, users and products. */
export type BackupCounts = { orders: number; users: number; products: number };

/** One uploads folder that goes with the database. */
export type UploadFolder = { name: "media" | "report-videos" | "return-photos"; dir: string };

/** manifest.json of a backup (format 1). Sizes in bytes, durations in ms, times ISO 8601 UTC. */
export type BackupManifest = {
  format: 1;
  kind: "sqlite" | "postgres";
  name: string;
  /** When the database snapshot was taken (the backup began). */
  createdAt: string;
  finishedAt: string;
  durationMs: number;
  database: { file: string; bytes: number; sha256: string };
  /** The PostgreSQL schema dumped (search_path), or null for the database's public schema / SQLite. */
  pgSchema: string | null;
  /** PostgreSQL extensions installed in that schema (pg_trgm): pg_dump --schema leaves them out, the restore creates them. */
  pgExtensions?: string[];
  /** Row counts in the backup itself, the same snapshot as its data. */
  counts: BackupCounts;
  /** Names of the migrations applied in the backup. */
  migrations: string[];
  files: { count: number; bytes: number; sha256: string; folders: string[] };
};

/** Where a backup is taken from: the store's database URL, its PostgreSQL schema, its upload folders. */
export type BackupSource = { url: string; pgSchema?: string | null; uploads: UploadFolder[] };

/** A failed backup check or a refused restore: its message is the sentence the owner reads. */
export class BackupError extends Error {
  override name = "BackupError";
}

/** The SQLite file of a `file:` DATABASE_URL, absolute; null for PostgreSQL or `:memory:`. */
export function sqliteFileOf(url: string): string | null {
  if (!url.startsWith("file:")) return null;
  const file = url.slice("file:".length);
  return file === ":memory:" ? null : path.resolve(file);
}

/** The schema a PostgreSQL URL names in `?options=-c search_path=NAME` (or `?schema=NAME`), else null. */
export function pgSchemaOf(url: string): string | null {
  if (url.startsWith("file:")) return null;
  const params = new URL(url).searchParams;
  const schema = params.get("schema") ?? /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(params.get("options") ?? "")?.[1] ?? null;
  return schema;
}

/** The store's upload folders (config/media.server.ts; return photos as services/returns.server.ts keeps them). */
export function storeUploadFolders(): UploadFolder[] {
  const videos = reportVideoDir();
  return [
    { name: "media", dir: mediaDir() },
    { name: "report-videos", dir: videos },
    { name: "return-photos", dir: path.join(path.dirname(videos), "return-photos") },
  ];
}

/** The store's own source (DATABASE_LISTEN_URL, else DATABASE_URL; its schema; its upload folders). */
export function storeBackupSource(): BackupSource {
  // pg_dump sets session parameters (search_path among them): through PgBouncer in transaction
  // mode they would land on pooled connections the store then uses. DATABASE_LISTEN_URL is
  // PostgreSQL itself (issue 49 item 3; docs/decisions/1022).
  const url = catalogueListenUrl() ?? getEnv().DATABASE_URL;
  return { url, pgSchema: pgSchemaOf(url), uploads: storeUploadFolders() };
}

/** BACKUP_DIR, else `backups/` beside the SQLite file, else `data/backups` (PostgreSQL); absolute. */
export function backupDirFor(url: string, configured = getEnv().BACKUP_DIR): string {
  if (configured) return path.resolve(configured);
  const file = sqliteFileOf(url);
  return file ? path.join(path.dirname(file), "backups") : path.resolve("data", "backups");
}

/**
 * BACKUP_EVERY as milliseconds, null for `off`. Unset: hourly on SQLite, off on PostgreSQL
 * (docs/decisions/1001). Throws on anything else than `off` or `<n>s|m|h|d`.
 */
export function backupIntervalMs(every: string | undefined, kind: "sqlite" | "postgres"): number | null {
  const text = every ?? (kind === "sqlite" ? "1h" : "off");
  if (text === "off") return null;
  const match = /^([1-9][0-9]*)([smhd])$/.exec(text);
  if (!match) throw new Error(`BACKUP_EVERY must be off or a duration such as 30m, 1h, 1d, not ${JSON.stringify(text)}`);
  return Number(match[1]) * { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as "s" | "m" | "h" | "d"];
}

/** IST is UTC+5:30: the store's days (lib/ist dates) are India's. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The backups retention keeps (docs/decisions/1001): of `times` (ms since epoch, any order), the
 * newest backup of each of the `hourly` most recent clock hours that have one, and the newest of
 * each of the `daily` most recent IST days that have one, plus always the newest of all. Returns
 * the kept times. Pure; tests/unit/backups.test.ts holds its table.
 */
export function retainedBackupTimes(times: readonly number[], keep: { hourly: number; daily: number }): Set<number> {
  const newestFirst = [...new Set(times)].sort((a, b) => b - a);
  const kept = new Set<number>(newestFirst.slice(0, 1));
  const pick = (bucketOf: (time: number) => number, count: number) => {
    const seen = new Set<number>();
    for (const time of newestFirst) {
      if (seen.size >= count) break;
      const bucket = bucketOf(time);
      if (seen.has(bucket)) continue;
      seen.add(bucket);
      kept.add(time);
    }
  };
  pick((time) => Math.floor(time / 3_600_000), keep.hourly);
  pick((time) => Math.floor((time + IST_OFFSET_MS) / 86_400_000), keep.daily);
  return kept;
}

/** `store-20261202T095300123Z` for a time. */
function backupName(at: number): string {
  return `store-${new Date(at).toISOString().replace(/[-:.]/g, "")}`;
}

/** The time in a backup folder's name, or null when it is not one. */
export function backupTimeOf(name: string): number | null {
  const match = /^store-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(name);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, ms] = match;
  return Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}

/** A good backup in a folder: its directory and manifest. */
export type GoodBackup = { dir: string; manifest: BackupManifest };

/**
 * The good backups in `dir` (folders named `store-<time>` with a readable manifest.json), newest
 * first. A missing folder has none. Never throws on a bad entry: it is skipped.
 */
export function listGoodBackups(dir: string): GoodBackup[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const found: GoodBackup[] = [];
  for (const name of names) {
    if (backupTimeOf(name) === null) continue;
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, name, "manifest.json"), "utf8")) as BackupManifest;
      if (manifest.format === 1 && manifest.name === name) found.push({ dir: path.join(dir, name), manifest });
    } catch {
      // no manifest: not a good backup
    }
  }
  return found.sort((a, b) => Date.parse(b.manifest.createdAt) - Date.parse(a.manifest.createdAt));
}

/**
 * Removes the backups retention does not keep (retainedBackupTimes over the good ones' times) and
 * any `.partial-*` folder older than an hour (a killed run's). Returns the removed folders' names.
 */
export function pruneBackups(dir: string, keep: { hourly: number; daily: number }, now = Date.now()): string[] {
  const good = listGoodBackups(dir);
  const kept = retainedBackupTimes(good.map((backup) => Date.parse(backup.manifest.createdAt)), keep);
  const removed: string[] = [];
  for (const backup of good) {
    if (kept.has(Date.parse(backup.manifest.createdAt))) continue;
    fs.rmSync(backup.dir, { recursive: true, force: true });
    removed.push(path.basename(backup.dir));
  }
  for (const name of safeReaddir(dir)) {
    if (!name.startsWith(".partial-")) continue;
    const full = path.join(dir, name);
    if (now - fs.statSync(full).mtimeMs > 3_600_000) {
      fs.rmSync(full, { recursive: true, force: true });
      removed.push(name);
    }
  }
  return removed;
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** SHA-256 of a file, hex, read as a stream. */
export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every regular file under `dir`, relative paths sorted, skipping `incoming/` (uploads not yet checked). */
function listFiles(dir: string, prefix = ""): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(path.join(dir, prefix), { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!prefix && entry.name === "incoming") continue;
      out.push(...listFiles(dir, rel));
    } else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/**
 * The files of a `files/` tree: their count, bytes, and one SHA-256 over every
 * `folder/path NUL size NUL sha256` line in order — what the manifest records and a restore re-checks.
 */
async function digestFiles(root: string, folders: readonly string[]): Promise<BackupManifest["files"]> {
  const hash = crypto.createHash("sha256");
  let count = 0;
  let bytes = 0;
  for (const folder of folders) {
    for (const rel of listFiles(path.join(root, folder))) {
      const file = path.join(root, folder, rel);
      const size = fs.statSync(file).size;
      hash.update(`${folder}/${rel}\0${size}\0${await sha256File(file)}\n`);
      count += 1;
      bytes += size;
    }
  }
  return { count, bytes, sha256: hash.digest("hex"), folders: [...folders] };
}

/** Copies each upload folder's files (not `incoming/`) into `root/<name>/`; a file gone meanwhile is skipped. */
async function copyUploads(uploads: readonly UploadFolder[], root: string): Promise<void> {
  for (const { name, dir } of uploads) {
    fs.mkdirSync(path.join(root, name), { recursive: true });
    for (const rel of listFiles(dir)) {
      const target = path.join(root, name, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        await fs.promises.copyFile(path.join(dir, rel), target, fs.constants.COPYFILE_FICLONE);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
}

/** Pages copied per step of SQLite's online backup at first: 1,024 pages of 4 KB, a few ms of the event loop. */
const SQLITE_BACKUP_PAGES = 1024;

/**
 * SQLite's online backup of `source` into `target` (better-sqlite3 `backup()`, never a file copy):
 * it copies SQLITE_BACKUP_PAGES pages per event-loop turn; a write by another connection restarts
 * it (SQLite's rule), so every restart doubles the step until one step takes the rest — a busy
 * store's backup ends, and each step is one consistent read. Then the copy is set to rollback
 * journal mode (one self-contained file, openable read-only).
 */
async function sqliteOnlineBackup(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    let rate = SQLITE_BACKUP_PAGES;
    let lastRemaining = Infinity;
    await db.backup(target, {
      progress: ({ remainingPages }) => {
        if (remainingPages > lastRemaining) rate = Math.min(rate * 2, 0x7fffffff);
        lastRemaining = remainingPages;
        return rate;
      },
    });
  } finally {
    db.close();
  }
  const copy = new SQLite(target);
  try {
    copy.pragma("journal_mode = DELETE");
  } finally {
    copy.close();
  }
}

/**
 * Checks a SQLite backup file (issue 46 item 1): opened read-only, `PRAGMA integrity_check` must
 * answer `ok`; returns its counts and applied migrations. Throws BackupError when the file is not a
 * database, is damaged, or lacks the store's tables.
 */
export function checkSqliteFile(file: string): { counts: BackupCounts; migrations: string[] } {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const result = db.pragma("integrity_check") as { integrity_check: string }[];
    const verdict = result.map((row) => row.integrity_check).join("; ");
    if (verdict !== "ok") throw new BackupError(`${file} failed SQLite's integrity check: ${verdict.slice(0, 300)}`);
    const count = (table: string) => (db!.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const counts = { orders: count("orders"), users: count("users"), products: count("products") };
    const migrations = (db.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map((row) => row.name);
    return { counts, migrations };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a good store database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

/** Runs a program; resolves its stdout, rejects with its stderr when it fails. `stdin` is piped in. */
function run(program: string, args: string[], options: { stdinFile?: string; env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: [options.stdinFile ? "pipe" : "ignore", "pipe", "pipe"], env: options.env ?? process.env });
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    if (options.stdinFile) fs.createReadStream(options.stdinFile).pipe(child.stdin!);
    child.once("error", (error) => reject(new BackupError(`${program} could not run (${error.message}): install Debian's postgresql-client`)));
    child.once("close", (code) => (code === 0 ? resolve(out) : reject(new BackupError(`${program} failed (exit ${code}): ${err.trim().slice(0, 1000)}`))));
  });
}

/** A PostgreSQL URL without our own query parameters (pg_dump and psql take the rest). */
function libpqUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete("schema");
  parsed.searchParams.delete("options");
  return parsed.href;
}

function pgLiteral(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Counts and migrations seen by a PostgreSQL client (search_path already set), in its snapshot. */
async function pgCountsIn(client: pg.Client | pg.PoolClient, schema: string): Promise<{ counts: BackupCounts; migrations: string[]; extensions: string[] }> {
  const count = async (table: string) => Number((await client.query(`select count(*) as n from ${quoteIdent(schema)}.${table}`)).rows[0].n);
  const counts = { orders: await count("orders"), users: await count("users"), products: await count("products") };
  const migrations = (await client.query(`select name from ${quoteIdent(schema)}.kysely_migration order by name`)).rows.map((row: { name: string }) => row.name);
  const extensions = (await client.query("select extname from pg_extension where extnamespace = $1::regnamespace order by extname", [schema])).rows.map(
    (row: { extname: string }) => row.extname,
  );
  return { counts, migrations, extensions };
}

/**
 * `pg_dump -Fc` of the store's schema into `target`, in the snapshot its counts are read in: a
 * REPEATABLE READ transaction exports its snapshot (pg_export_snapshot) and pg_dump dumps exactly
 * that (`--snapshot`), so the manifest's counts are the dump's. Throws BackupError when pg_dump fails.
 */
async function pgDump(url: string, schema: string, target: string): Promise<{ counts: BackupCounts; migrations: string[]; extensions: string[] }> {
  const client = new pg.Client({ connectionString: libpqUrl(url), application_name: "chrono-store-backup" });
  await client.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot = (await client.query("select pg_export_snapshot() as id")).rows[0].id as string;
    const seen = await pgCountsIn(client, schema);
    await run("pg_dump", ["-Fc", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, `--schema=${schema}`, "-f", target, "-d", libpqUrl(url)]);
    await client.query("commit");
    return seen;
  } finally {
    await client.end();
  }
}

/** Checks a PostgreSQL dump: `pg_restore --list` reads it whole and it holds the store's orders data. Throws BackupError. */
export async function checkPgDump(file: string): Promise<void> {
  const list = await run("pg_restore", ["--list", file]).catch((error: Error) => {
    throw new BackupError(`${file} is not a readable pg_dump archive: ${error.message}`);
  });
  if (!/TABLE DATA \S+ orders /.test(list)) throw new BackupError(`${file} holds no orders table data: not a store backup`);
  // --list reads only the table of contents; reading every data block proves the rest is whole.
  await run("pg_restore", ["-f", "/dev/null", file]).catch((error: Error) => {
    throw new BackupError(`${file} is damaged: ${error.message}`);
  });
}

/** What `backupStore` reports: the folder, its manifest, and the files' sizes. */
export type BackupResult = GoodBackup;

/**
 * Takes one backup of `source` into `dir` (issue 46 item 1) while the store runs: the database
 * (SQLite online backup / pg_dump -Fc in one snapshot), checked (integrity_check and counts /
 * pg_restore), then the uploaded files, then manifest.json, then the folder renamed into place.
 * Throws (BackupError or the system's error) with nothing left behind on any failure.
 */
export async function backupStore(source: BackupSource = storeBackupSource(), dir = backupDirFor(source.url)): Promise<BackupResult> {
  const startedAt = Date.now();
  const name = backupName(startedAt);
  fs.mkdirSync(dir, { recursive: true });
  const partial = path.join(dir, `.partial-${name}-${crypto.randomBytes(3).toString("hex")}`);
  fs.mkdirSync(partial);
  try {
    const sqliteFile = sqliteFileOf(source.url);
    const kind = sqliteFile ? "sqlite" : "postgres";
    const dbFile = sqliteFile ? "store.db" : "store.dump";
    const target = path.join(partial, dbFile);
    let seen: { counts: BackupCounts; migrations: string[]; extensions?: string[] };
    if (sqliteFile) {
      if (!fs.existsSync(sqliteFile)) throw new BackupError(`There is no database at ${sqliteFile} (DATABASE_URL): nothing to back up`);
      await sqliteOnlineBackup(sqliteFile, target);
      seen = checkSqliteFile(target);
    } else {
      seen = await pgDump(source.url, source.pgSchema ?? "public", target);
      await checkPgDump(target);
    }
    const filesRoot = path.join(partial, "files");
    await copyUploads(source.uploads, filesRoot);
    const files = await digestFiles(filesRoot, source.uploads.map((upload) => upload.name));
    const finishedAt = Date.now();
    const manifest: BackupManifest = {
      format: 1,
      kind,
      name,
      createdAt: new Date(startedAt).toISOString(),
      finishedAt: new Date(finishedAt).toISOString(),
      durationMs: finishedAt - startedAt,
      database: { file: dbFile, bytes: fs.statSync(target).size, sha256: await sha256File(target) },
      pgSchema: sqliteFile ? null : (source.pgSchema ?? null),
      ...(seen.extensions ? { pgExtensions: seen.extensions } : {}),
      counts: seen.counts,
      migrations: seen.migrations,
      files,
    };
    fs.writeFileSync(path.join(partial, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const final = path.join(dir, name);
    fs.renameSync(partial, final);
    return { dir: final, manifest };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The backup a restore was given: its folder, its manifest.json, or the database file inside it.
 * Throws BackupError when there is no manifest beside it (a bare file is not a proven backup).
 */
export function readBackup(given: string): GoodBackup {
  const full = path.resolve(given);
  const dir = fs.existsSync(full) && fs.statSync(full).isDirectory() ? full : path.dirname(full);
  const manifestFile = path.join(dir, "manifest.json");
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`No readable manifest.json beside ${given}: give a backup folder made by npm run backup, or its manifest`);
  }
  if (manifest.format !== 1 || !manifest.database?.file) throw new BackupError(`${manifestFile} is not a backup manifest`);
  return { dir, manifest };
}

/**
 * Checks a backup before it is restored (issue 46 item 1): the database file's SHA-256 against the
 * manifest, SQLite's integrity check and counts against the manifest (or pg_restore reading the
 * dump whole), and the uploaded files' digest. Throws BackupError naming what is wrong.
 */
export async function verifyBackup(backup: GoodBackup): Promise<void> {
  const { dir, manifest } = backup;
  const dbFile = path.join(dir, manifest.database.file);
  if (!fs.existsSync(dbFile)) throw new BackupError(`${dbFile} is missing`);
  const sha = await sha256File(dbFile);
  if (sha !== manifest.database.sha256 || fs.statSync(dbFile).size !== manifest.database.bytes) {
    throw new BackupError(`${dbFile} does not match its manifest (sha256 ${sha}, the manifest says ${manifest.database.sha256}): the backup is damaged, not restored`);
  }
  if (manifest.kind === "sqlite") {
    const { counts } = checkSqliteFile(dbFile);
    if (JSON.stringify(counts) !== JSON.stringify(manifest.counts)) throw new BackupError(`${dbFile} counts ${JSON.stringify(counts)}, the manifest ${JSON.stringify(manifest.counts)}`);
  } else {
    await checkPgDump(dbFile);
  }
  const files = await digestFiles(path.join(dir, "files"), manifest.files.folders);
  if (files.sha256 !== manifest.files.sha256) throw new BackupError(`The uploaded files in ${dir}/files do not match the manifest (${files.count} files, the manifest says ${manifest.files.count})`);
}

/** Whether process `pid` is alive (signal 0). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The lock file a running store holds beside its SQLite database: `<file>.pid` with its process id. */
export function storePidFile(sqliteFile: string): string {
  return `${sqliteFile}.pid`;
}

/** Writes the running store's pid file (backup-schedule.server.ts, at process start). Never throws. */
export function holdStorePidFile(sqliteFile: string): void {
  try {
    fs.writeFileSync(storePidFile(sqliteFile), `${process.pid}\n`);
  } catch {
    // a read-only folder: the restore still sees the open file through /proc
  }
}

/** Removes the pid file if it is this process's. Never throws. */
export function releaseStorePidFile(sqliteFile: string): void {
  try {
    if (fs.readFileSync(storePidFile(sqliteFile), "utf8").trim() === String(process.pid)) fs.rmSync(storePidFile(sqliteFile));
  } catch {
    // gone already
  }
}

/**
 * Process ids (other than this one) that have `file` (or its -wal) open: a live pid in its pid
 * file, and on Linux every process whose /proc/<pid>/fd links to it.
 */
export function processesUsing(file: string): number[] {
  const found = new Set<number>();
  try {
    const pid = Number(fs.readFileSync(storePidFile(file), "utf8").trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) found.add(pid);
  } catch {
    // no pid file
  }
  const targets = new Set([file, `${file}-wal`]);
  for (const entry of safeReaddir("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    for (const fd of safeReaddir(`/proc/${pid}/fd`)) {
      try {
        if (targets.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) found.add(pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}

/** What a restore did: where the replaced database went and the restored counts. */
export type RestoreResult = { replaced: string | null; counts: BackupCounts; migrationsRun: number; filesRestored: number };

function stamp(at: number): string {
  return new Date(at).toISOString().replace(/[-:.]/g, "");
}

/** Swaps a restored uploads folder in, the current one kept as `<dir>.replaced-<stamp>`. */
function restoreUploads(backupDir: string, manifest: BackupManifest, uploads: readonly UploadFolder[], when: string): number {
  let restored = 0;
  for (const { name, dir } of uploads) {
    if (!manifest.files.folders.includes(name)) continue;
    const from = path.join(backupDir, "files", name);
    const incoming = `${dir}.restoring-${when}`;
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    fs.cpSync(from, incoming, { recursive: true });
    restored += listFiles(incoming).length;
    if (fs.existsSync(dir)) fs.renameSync(dir, `${dir}.replaced-${when}`);
    fs.renameSync(incoming, dir);
  }
  return restored;
}

/**
 * Restores a checked backup over the store at `target` (issue 46 item 1; docs/decisions/1001):
 * refuses (BackupError, nothing changed) while a store runs on that database or when the backup
 * fails verifyBackup; SQLite: the backup is copied to `<db>.restoring-<stamp>` and checked, the
 * current database is kept as `<db>.replaced-<stamp>` (hard link, its WAL checkpointed first or
 * moved along) and the copy renamed over it in one step; PostgreSQL: one psql transaction renames
 * the schema to `<schema>_replaced_<stamp>` and restores the dump under the old name. Then the
 * uploads are swapped the same way and the migrations run.
 */
export async function restoreStore(given: string, target: BackupSource = storeBackupSource(), now = Date.now()): Promise<RestoreResult> {
  const backup = readBackup(given);
  const { manifest } = backup;
  const sqliteFile = sqliteFileOf(target.url);
  if ((sqliteFile ? "sqlite" : "postgres") !== manifest.kind) throw new BackupError(`${given} is a ${manifest.kind} backup; DATABASE_URL is ${sqliteFile ? "SQLite" : "PostgreSQL"}`);
  const when = stamp(now);
  let replaced: string | null = null;
  if (sqliteFile) {
    const users = processesUsing(sqliteFile);
    if (users.length) throw new BackupError(`A store is running on ${sqliteFile} (process ${users.join(", ")}): stop it first; nothing was changed`);
    await verifyBackup(backup);
    const incoming = `${sqliteFile}.restoring-${when}`;
    fs.mkdirSync(path.dirname(sqliteFile), { recursive: true });
    await fs.promises.copyFile(path.join(backup.dir, manifest.database.file), incoming);
    try {
      if ((await sha256File(incoming)) !== manifest.database.sha256) throw new BackupError(`The copy ${incoming} does not match the backup`);
      checkSqliteFile(incoming);
      if (fs.existsSync(sqliteFile)) {
        replaced = `${sqliteFile}.replaced-${when}`;
        try {
          const current = new SQLite(sqliteFile, { fileMustExist: true });
          current.pragma("wal_checkpoint(TRUNCATE)");
          current.pragma("journal_mode = DELETE");
          current.close();
        } catch {
          // a damaged database: its -wal and -shm move along with it below
        }
        fs.linkSync(sqliteFile, replaced);
        for (const suffix of ["-wal", "-shm"]) if (fs.existsSync(sqliteFile + suffix)) fs.renameSync(sqliteFile + suffix, replaced + suffix);
      }
      fs.renameSync(incoming, sqliteFile);
    } finally {
      fs.rmSync(incoming, { force: true });
    }
  } else {
    const schema = target.pgSchema ?? "public";
    const admin = new pg.Client({ connectionString: libpqUrl(target.url) });
    await admin.connect();
    try {
      const others = await admin.query(
        "select pid from pg_stat_activity where datname = current_database() and application_name = $1 and pid <> pg_backend_pid()",
        [STORE_APPLICATION_NAME],
      );
      if (others.rowCount) throw new BackupError(`A store is connected to this database (${others.rowCount} session(s) named ${STORE_APPLICATION_NAME}): stop it first; nothing was changed`);
    } finally {
      await admin.end();
    }
    await verifyBackup(backup);
    const dumped = manifest.pgSchema ?? "public";
    if (dumped !== schema) throw new BackupError(`${given} holds schema ${dumped}; the store uses ${schema}`);
    const sqlText = await run("pg_restore", ["-f", "-", "--no-owner", "--no-privileges", path.join(backup.dir, manifest.database.file)]);
    // The script creates the schema itself (then its extensions), so the dump's own CREATE SCHEMA goes.
    const bare = schema.replace(/[^A-Za-z0-9_]/g, "");
    const dumpSql = sqlText.replace(new RegExp(`^CREATE SCHEMA (${bare}|"${bare}");$`, "m"), "-- (schema created above)");
    replaced = `${schema}_replaced_${when.toLowerCase()}`;
    const scriptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "store-restore-")), "restore.sql");
    // The schema's extensions (pg_trgm) move to the new schema, or are created there: the dump's
    // indexes name their operator classes as <schema>.gin_trgm_ops. The replaced schema's indexes keep
    // working (they refer to the operator class itself, not its schema's name).
    const extensions = (manifest.pgExtensions ?? []).map(
      (name) => `CREATE EXTENSION IF NOT EXISTS ${quoteIdent(name)} WITH SCHEMA ${quoteIdent(schema)};\n`,
    );
    const moveExtensions = `DO $restore$ DECLARE e record; BEGIN FOR e IN SELECT extname FROM pg_extension WHERE extnamespace = ${pgLiteral(replaced)}::regnamespace LOOP EXECUTE format('ALTER EXTENSION %I SET SCHEMA %I', e.extname, ${pgLiteral(schema)}); END LOOP; END $restore$;\n`;
    fs.writeFileSync(
      scriptFile,
      `ALTER SCHEMA ${quoteIdent(schema)} RENAME TO ${quoteIdent(replaced)};\nCREATE SCHEMA ${quoteIdent(schema)};\n${moveExtensions}${extensions.join("")}${dumpSql}`,
    );
    try {
      await run("psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "--single-transaction", "-f", scriptFile, "-d", libpqUrl(target.url)]);
    } finally {
      fs.rmSync(path.dirname(scriptFile), { recursive: true, force: true });
    }
  }
  const filesRestored = restoreUploads(backup.dir, manifest, target.uploads, when);
  const db = createDatabase(target.url, target.pgSchema ? { pgSchema: target.pgSchema } : {});
  try {
    await migrateToLatest(db, target.pgSchema ? { pgSchema: target.pgSchema } : {});
    const [orders, users, products] = await Promise.all(
      (["orders", "users", "products"] as const).map(async (table) => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)),
    );
    const applied = await db
      .selectFrom("kysely_migration" as never)
      .select("name" as never)
      .execute()
      .catch(() => []);
    return { replaced, counts: { orders, users, products }, migrationsRun: Math.max(0, applied.length - manifest.migrations.length), filesRestored };
  } finally {
    await db.destroy();
  }
}
