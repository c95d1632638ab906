import crypto from "node:crypto";
import os from "node:os";
import { sql, type RawBuilder } from "kysely";
import { z } from "zod";
import { isSqlite, type DB } from "~/db/db.server";
import { errorFields, log } from "~/observability/log.server";

/*
 * A job on a timer whose run happens once for the whole store however many processes run it
 * (issue 49 item 1; docs/decisions/1020-background-work-once.md). One row per job in
 * `scheduled_runs` (migration 0029): a run is taken by ONE conditional UPDATE — due by now, and no
 * live lease — so of any number of processes exactly one wins; the winner renews its lease while
 * it works and, when done, sets the next due time; a winner killed mid-run stops renewing, its
 * lease runs out and the next process to look takes the run (never stalled for good, Vendure
 * #3708). Every time is the DATABASE's clock (clock_timestamp()), never a process's, so machines
 * whose clocks disagree cannot both find a run due (Vendure #4681).
 */

/** The job's timing, ms: the run every `everyMs`; a taken run is its taker's for `leaseMs` past the last renewal. */
export const scheduledJobSchema = z.object({
  job: z.string().min(1).max(100),
  everyMs: z.number().int().positive(),
  leaseMs: z.number().int().min(100),
});
export type ScheduledJob = z.infer<typeof scheduledJobSchema>;

/** A run this process took: the job, who took it (unique per take) and when its lease ends (database ms). */
export type ScheduledRunLease = { job: string; taker: string; dueAt: number; leaseUntil: number };

/** The database's clock in ms since epoch, as an SQL expression (PostgreSQL clock_timestamp(); SQLite julianday('now')). */
function databaseNow(db: DB): RawBuilder<number> {
  return isSqlite(db) ? sql<number>`cast((julianday('now') - 2440587.5) * 86400000 as integer)` : sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
}

/** The database's clock now, ms since epoch. Throws what the database throws. */
export async function databaseNowMs(db: DB): Promise<number> {
  const { rows } = await sql<{ now: number | string }>`select ${databaseNow(db)} as now`.execute(db);
  return Number(rows[0].now);
}

/** This process's name in `ran_by`, with a random part so every take is told apart: "<host>:<pid>:<hex>". */
function newTaker(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString("hex")}`;
}

/**
 * Makes sure `job` has its row: a new one is first due `firstDueInMs` after the database's now; an
 * existing one keeps its due time unless that is more than `everyMs` away (the interval was
 * shortened since), then it is due `everyMs` from now. Safe from any number of processes at once.
 * Throws what the database throws. Source: issue 49 item 1.
 */
export async function planScheduledJob(db: DB, job: ScheduledJob, firstDueInMs: number): Promise<void> {
  const { job: name, everyMs } = scheduledJobSchema.parse(job);
  await db
    .insertInto("scheduled_runs")
    .values({ job: name, due_at: sql<number>`${databaseNow(db)} + ${Math.max(0, Math.round(firstDueInMs))}`, lease_until: null, ran_by: null, ran_at: null })
    .onConflict((oc) => oc.column("job").doNothing())
    .execute();
  await db
    .updateTable("scheduled_runs")
    .set({ due_at: sql<number>`${databaseNow(db)} + ${everyMs}` })
    .where("job", "=", name)
    .where("due_at", ">", sql<number>`${databaseNow(db)} + ${everyMs}`)
    .execute();
}

/**
 * Takes `job`'s run if it is due by the database's clock and nobody holds a live lease on it: one
 * conditional UPDATE, so exactly one of any number of concurrent callers gets it. Answers the
 * lease (until the database's now + `leaseMs`), or null when not due or held. Throws what the
 * database throws. Source: issue 49 item 1.
 */
export async function takeScheduledRun(db: DB, job: ScheduledJob): Promise<ScheduledRunLease | null> {
  const { job: name, leaseMs } = scheduledJobSchema.parse(job);
  const taker = newTaker();
  const row = await db
    .updateTable("scheduled_runs")
    .set({ lease_until: sql<number>`${databaseNow(db)} + ${leaseMs}`, ran_by: taker })
    .where("job", "=", name)
    .where("due_at", "<=", databaseNow(db))
    .where((eb) => eb.or([eb("lease_until", "is", null), eb("lease_until", "<", databaseNow(db))]))
    .returning(["due_at", "lease_until"])
    .executeTakeFirst();
  return row ? { job: name, taker, dueAt: Number(row.due_at), leaseUntil: Number(row.lease_until) } : null;
}

/** Moves a held lease on to the database's now + `leaseMs`; false when it is no longer this taker's (it ran out and another took the run). */
export async function renewScheduledRun(db: DB, lease: ScheduledRunLease, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable("scheduled_runs")
    .set({ lease_until: sql<number>`${databaseNow(db)} + ${leaseMs}` })
    .where("job", "=", lease.job)
    .where("ran_by", "=", lease.taker)
    .where("lease_until", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a held run: next due the database's now + `everyMs`, lease cleared, ran_at set; false when the lease was no longer this taker's. */
export async function finishScheduledRun(db: DB, lease: ScheduledRunLease, everyMs: number): Promise<boolean> {
  const result = await db
    .updateTable("scheduled_runs")
    .set({ due_at: sql<number>`${databaseNow(db)} + ${everyMs}`, lease_until: null, ran_at: databaseNow(db) })
    .where("job", "=", lease.job)
    .where("ran_by", "=", lease.taker)
    .where("lease_until", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Runs `work` if this process takes `job`'s due run (takeScheduledRun), renewing the lease every
 * third of `leaseMs` while it works, then sets the next due time (finishScheduledRun) — also when
 * `work` threw (logged at error; the run counts, as a scheduled backup's failure does). Answers
 * "ran" or "not-due" (not due, or another process holds it). A lease lost meanwhile (this process
 * stalled past `leaseMs`) is logged at warn. Throws only what the database throws on the take.
 * Source: issue 49 item 1.
 */
export async function runIfDue(db: DB, job: ScheduledJob, work: () => Promise<void>): Promise<"ran" | "not-due"> {
  const lease = await takeScheduledRun(db, job);
  if (!lease) return "not-due";
  const heartbeat = setInterval(() => {
    renewScheduledRun(db, lease, job.leaseMs).then(
      (held) => held || log.warn({ job: job.job }, `Scheduled run of ${job.job}: the lease ran out before the run ended`),
      (error: unknown) => log.warn({ ...errorFields(error), job: job.job }, `Scheduled run of ${job.job}: the lease could not be renewed`),
    );
  }, Math.max(50, Math.floor(job.leaseMs / 3)));
  heartbeat.unref();
  try {
    await work();
  } catch (error) {
    log.error({ ...errorFields(error), job: job.job }, `Scheduled run of ${job.job} failed`);
  } finally {
    clearInterval(heartbeat);
  }
  if (!(await finishScheduledRun(db, lease, job.everyMs).catch(() => false))) log.warn({ job: job.job }, `Scheduled run of ${job.job}: the lease ran out before the run ended`);
  return "ran";
}

/** How far this process's clock may be from the database's before the start-up check warns, ms. */
export const CLOCK_SKEW_WARN_MS = 2_000;

/**
 * This process's clock minus the database's, ms (the database's read halfway through the round
 * trip). Throws what the database throws. Source: issue 49 item 1 (Vendure #4681).
 */
export async function clockSkewMs(db: DB): Promise<number> {
  const before = Date.now();
  const database = await databaseNowMs(db);
  const after = Date.now();
  return Math.round((before + after) / 2 - database);
}

/**
 * At a PostgreSQL process's start (backend/own process.start; issue 49 item 1): warns when this
 * machine's clock is more than CLOCK_SKEW_WARN_MS from the database's — scheduled runs use the
 * database's clock and cannot double, but a skewed machine shifts an unpaid order's hold expiry and
 * an email's due time by its skew (docs/decisions/1020). SQLite (one machine) is not checked.
 * Never throws: a failure is logged at warn.
 */
export async function checkClockSkewAtStart(database: () => Promise<DB>): Promise<void> {
  try {
    const db = await database();
    if (isSqlite(db)) return;
    const skewMs = await clockSkewMs(db);
    if (Math.abs(skewMs) > CLOCK_SKEW_WARN_MS) {
      log.warn({ skewMs }, `Clock: this machine's clock is ${skewMs} ms from the database's; run NTP on every machine (holds and email due times follow each machine's clock)`);
    }
  } catch (error) {
    log.warn({ ...errorFields(error) }, "Clock: the database's clock could not be read");
  }
}
