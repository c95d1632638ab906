import { SingleBar } from "cli-progress";

export type Phase = {
  /** Units (rows, KB) done so far of `total` (the bar redraws at most 10 times a second). */
  update: (done: number, total: number) => void;
  /** Leaves the bar at its last value on its own line. */
  stop: () => void;
};

/** "7s", "1m05s"; an ETA not known yet (cli-progress passes "INF" or "NULL") is "…". */
function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return "…";
  const whole = Math.round(seconds);
  return whole < 60 ? `${whole}s` : `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, "0")}s`;
}

/** Progress bars only on a terminal: piped or redirected output stays the plain final lines. */
export const showsProgress = (): boolean => process.stdout.isTTY === true;

/**
 * One phase of a long command ("Checking rows", "Writing rows") as a cli-progress bar on standard
 * output counting `unit`s (rows by default; KB of a file read), or a phase that does nothing when
 * standard output is not a terminal.
 */
export function startPhase(label: string, total: number, unit = "rows"): Phase {
  if (!showsProgress()) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({
    format: `${label.padEnd(14)} [{bar}] {percentage}% | {value}/{total} ${unit} | {duration_formatted} | ETA {eta_formatted}`,
    stream: process.stdout,
    barsize: 30,
    hideCursor: true,
    etaBuffer: 50,
    formatTime,
  });
  bar.start(total, 0);
  return {
    update: (done, newTotal) => {
      if (newTotal !== bar.getTotal()) bar.setTotal(newTotal);
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}
