import client from "prom-client";
import { getEnv } from "~/config/env.server";
import { getDb } from "~/db/index.server";
import { errorFields, log } from "~/observability/log.server";
import { metrics } from "~/observability/metrics.server";
import {
  backupDirFor,
  backupIntervalMs,
  backupStore,
  holdStorePidFile,
  listGoodBackups,
  pruneBackups,
  releaseStorePidFile,
  sqliteFileOf,
  storeBackupSource,
} from "~/services/backups.server";
import { planScheduledJob, runIfDue, type ScheduledJob } from "~/services/scheduled-runs.server";

/*
 * The server's own backups on a schedule (issue 46 item 1; docs/decisions/1001-backups.md):
 * BACKUP_EVERY (default hourly on SQLite, off on PostgreSQL) runs backupStore in this process —
 * SQLite's online backup steps a few MB per event-loop turn, pg_dump is a child process — then
 * retention (BACKUP_KEEP_HOURLY, BACKUP_KEEP_DAILY), each run one JSON log line. Only a process with
 * its own database runs it (backend/own process.start). SQLite: one process, its own timer. PostgreSQL:
 * every process looks, and one run per interval happens for the whole store (scheduled_runs; issue 49
 * item 1; docs/decisions/1020).
 */

type BackupMetrics = { newestAge: client.Gauge; failures: client.Counter };

declare global {
  // Registered once per process: prom-client refuses a name twice across dev rebuilds.
  var __storeBackupMetrics: BackupMetrics | undefined;
  var __storeBackupSchedule: { timer: NodeJS.Timeout | null; running: Promise<void> | null; stopped: boolean } | undefined;
}

/**
 * `store_backup_newest_age_seconds` (seconds since the newest good backup in BACKUP_DIR was taken,
 * read from the manifests at each scrape; NaN when there is none) and `store_backup_failures_total`
 * (scheduled backups that failed), in `metrics.registry` (issue 46 item 3).
 */
export function backupMetrics(): BackupMetrics {
  globalThis.__storeBackupMetrics ??= {
    newestAge: new client.Gauge({
      name: "store_backup_newest_age_seconds",
      help: "Seconds since the newest good backup (one with a checked manifest) in BACKUP_DIR was taken; NaN when there is none",
      registers: [metrics.registry],
      collect() {
        const newest = listGoodBackups(backupDirFor(getEnv().DATABASE_URL))[0];
        this.set(newest ? (Date.now() - Date.parse(newest.manifest.createdAt)) / 1000 : Number.NaN);
      },
    }),
    failures: new client.Counter({
      name: "store_backup_failures_total",
      help: "Scheduled backups that failed (each logged at error with its reason)",
      registers: [metrics.registry],
    }),
  };
  return globalThis.__storeBackupMetrics;
}

/**
 * The first scheduled run's delay, ms: what is left of the interval `everyMs` since the newest good
 * backup (taken at `newestAt`), at least 10 s (or the interval, if shorter) so a restart is not
 * slowed by it; 5 min after start (or the interval, if shorter) when there is none.
 */
export function firstBackupDelayMs(everyMs: number, newestAt: number | null, now: number): number {
  if (newestAt === null) return Math.min(everyMs, 5 * 60_000);
  return Math.max(Math.min(10_000, everyMs), Math.min(everyMs, everyMs - (now - newestAt)));
}

/** One scheduled run: the backup, retention, one log line with the figures; a failure is logged at error and counted. */
export async function runScheduledBackup(): Promise<void> {
  const env = getEnv();
  const source = storeBackupSource();
  const dir = backupDirFor(source.url);
  try {
    const { dir: folder, manifest } = await backupStore(source, dir);
    const removed = pruneBackups(dir, { hourly: env.BACKUP_KEEP_HOURLY, daily: env.BACKUP_KEEP_DAILY });
    log.info(
      {
        backup: folder,
        kind: manifest.kind,
        bytes: manifest.database.bytes,
        counts: manifest.counts,
        files: manifest.files.count,
        filesBytes: manifest.files.bytes,
        durationMs: manifest.durationMs,
        removed,
      },
      "Backup written and checked",
    );
  } catch (error) {
    backupMetrics().failures.inc();
    log.error({ ...errorFields(error), backupDir: dir }, "Backup failed");
  }
}

/**
 * Starts the schedule (backend/own process.start): holds the SQLite database's pid file (the
 * restore's sign of a running store), registers the metrics, and — unless BACKUP_EVERY is off —
 * runs a backup every interval, the first when the interval since the newest good one is up — on
 * PostgreSQL once for the whole store whatever the number of processes (startSharedBackupSchedule).
 * A bad BACKUP_EVERY is refused by config/env.server.ts at start-up.
 */
export function startBackupSchedule(): void {
  const env = getEnv();
  const file = sqliteFileOf(env.DATABASE_URL);
  if (file) holdStorePidFile(file);
  backupMetrics();
  const everyMs = backupIntervalMs(env.BACKUP_EVERY, file ? "sqlite" : "postgres");
  if (globalThis.__storeBackupSchedule && !globalThis.__storeBackupSchedule.stopped) return;
  const state: NonNullable<typeof globalThis.__storeBackupSchedule> = { timer: null, running: null, stopped: false };
  globalThis.__storeBackupSchedule = state;
  if (everyMs === null) return;
  const newest = listGoodBackups(backupDirFor(env.DATABASE_URL))[0];
  const firstDelay = firstBackupDelayMs(everyMs, newest ? Date.parse(newest.manifest.createdAt) : null, Date.now());
  if (!file) {
    startSharedBackupSchedule(state, everyMs, firstDelay);
    return;
  }
  const plan = (delay: number) => {
    state.timer = setTimeout(() => {
      state.running = runScheduledBackup().finally(() => {
        state.running = null;
        if (!state.stopped) plan(everyMs);
      });
    }, delay);
    state.timer.unref();
  };
  plan(firstDelay);
}

/** How long a process that took a backup run holds it without renewing, ms (renewed every third of it while the backup runs). */
export const BACKUP_LEASE_MS = 2 * 60_000;

/** The scheduled backup as a job of scheduled_runs (issue 49 item 1): BACKUP_EVERY apart, BACKUP_LEASE_MS lease. */
export function backupJob(everyMs: number): ScheduledJob {
  return { job: "backup", everyMs, leaseMs: BACKUP_LEASE_MS };
}

/** How often a PostgreSQL process looks whether the backup is due, ms: a quarter of the interval, 1 s to 1 min. */
export function backupPollMs(everyMs: number): number {
  return Math.min(60_000, Math.max(1_000, Math.floor(everyMs / 4)));
}

/**
 * PostgreSQL (any number of processes, docs/decisions/1020): the run is one row of scheduled_runs;
 * each process looks every backupPollMs and only the one whose conditional UPDATE takes the due
 * run backs up, so the store gets one backup per interval, by the database's clock.
 */
function startSharedBackupSchedule(state: NonNullable<typeof globalThis.__storeBackupSchedule>, everyMs: number, firstDelay: number): void {
  const job = backupJob(everyMs);
  let planned: Promise<void> | null = null;
  const look = async () => {
    const db = await getDb();
    planned ??= planScheduledJob(db, job, firstDelay);
    await planned;
    await runIfDue(db, job, runScheduledBackup);
  };
  const tick = () => {
    state.timer = setTimeout(() => {
      state.running = look()
        .catch((error: unknown) => {
          planned = null;
          log.error({ ...errorFields(error) }, "Backup schedule: the database could not be asked whether a backup is due");
        })
        .finally(() => {
          state.running = null;
          if (!state.stopped) tick();
        });
    }, backupPollMs(everyMs));
    state.timer.unref();
  };
  tick();
}

/** Stops the schedule (graceful shutdown): no new run; a run in progress finishes; the pid file is released. */
export async function stopBackupSchedule(): Promise<void> {
  const state = globalThis.__storeBackupSchedule;
  if (state) {
    state.stopped = true;
    if (state.timer) clearTimeout(state.timer);
    await state.running;
  }
  const file = sqliteFileOf(getEnv().DATABASE_URL);
  if (file) releaseStorePidFile(file);
}
