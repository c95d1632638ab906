/**
 * One store process's background work for the once-across-processes tests (tests/unit/
 * background-work-once.test.ts; issue 49 item 1): a Node process with a pool of its own on the
 * test's throwaway PostgreSQL database, running either
 *
 * - `outbox`: the store's own order-email sender loop (`startOrderEmails`: a run at start, every
 *   OUTBOX_POLL_MS and when nudged) through WORKER_SMTP_URL, its MAIL FROM `WORKER_NAME@chrono.test`
 *   so the fake mail server can tell the processes apart; or
 * - `scheduled-run`: one `runIfDue` of the job WORKER_JOB (JSON ScheduledJob) whose work never
 *   ends, as a backup that is still running when the process is killed; or
 * - `backup-schedule`: the store's own backup schedule (`startBackupSchedule`) as a server starts it,
 *   configured by the environment the test gives (DATABASE_URL, BACKUP_EVERY, BACKUP_DIR, …), in
 *   WORKER_CWD (its `data/` folders: each worker is a machine of its own).
 *
 * Run by the test with `node --import tsx` (child_process.fork), never by hand. Environment:
 * WORKER_MODE, WORKER_DATABASE_URL, WORKER_NAME, WORKER_SMTP_URL (outbox), WORKER_JOB (scheduled-run),
 * WORKER_CWD (backup-schedule).
 * Messages: → { type: "ready" } once the sender (outbox) or the schedule (backup-schedule) runs; → { type: "took" } when the run was
 * taken, { type: "not-due" } when it was not (scheduled-run); ← { type: "stop" } stops the sender
 * gracefully and exits 0; on a failure → { type: "failed", message }. It exits when its parent goes away.
 */
import { parseEnv } from "~/config/env.server";
import { createDatabase } from "~/db/db.server";
import { startOrderEmails } from "~/services/order-emails.server";
import { runIfDue, scheduledJobSchema } from "~/services/scheduled-runs.server";

export type WorkerMessage = { type: "ready" } | { type: "took" } | { type: "not-due" } | { type: "failed"; message: string };

const send = (message: WorkerMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

async function main() {
  if (!process.send) throw new Error("background-worker.ts runs only as a forked child of its test");
  process.on("disconnect", () => process.exit(1));
  const db = createDatabase(process.env.WORKER_DATABASE_URL!);
  if (process.env.WORKER_MODE === "outbox") {
    const env = parseEnv({
      NODE_ENV: "test",
      SMTP_URL: process.env.WORKER_SMTP_URL,
      MAIL_FROM: `Chrono India <${process.env.WORKER_NAME}@chrono.test>`,
      PUBLIC_URL: "http://localhost:3750",
    });
    const sender = startOrderEmails(env, async () => db);
    process.on("message", (message: { type?: string }) => {
      if (message?.type !== "stop") return;
      void sender.close().then(async () => {
        await db.destroy();
        process.exit(0);
      });
    });
    await send({ type: "ready" });
    return;
  }
  if (process.env.WORKER_MODE === "scheduled-run") {
    const job = scheduledJobSchema.parse(JSON.parse(process.env.WORKER_JOB ?? "null"));
    // The pool's idle connections close after 10 s; this keeps the process (and its lease) alive until it is killed.
    setInterval(() => undefined, 1_000);
    const outcome = await runIfDue(db, job, async () => {
      await send({ type: "took" });
      await new Promise<never>(() => undefined);
    });
    if (outcome === "not-due") await send({ type: "not-due" });
    return;
  }
  if (process.env.WORKER_MODE === "backup-schedule") {
    process.chdir(process.env.WORKER_CWD!);
    const { startBackupSchedule } = await import("~/services/backup-schedule.server");
    startBackupSchedule();
    setInterval(() => undefined, 1_000);
    await send({ type: "ready" });
    return;
  }
  throw new Error(`unknown WORKER_MODE ${process.env.WORKER_MODE}`);
}

main().catch(async (error: unknown) => {
  if (process.connected) await send({ type: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
});
