/**
 * Reads a store server's output as the JSON lines it should be (issue 46 item 2;
 * docs/decisions/1000-structured-logs.md) and names what is wrong with it. Shared by the fuzz and
 * any proof test that wants its server's log checked.
 */

/** One parsed log line: pino's fields and whatever the store added. */
export type LogLine = Record<string, unknown> & { level?: unknown; time?: unknown; msg?: unknown; requestId?: unknown; status?: unknown; err?: unknown };

/** What checkServerLog found: the problems (empty when the log is as it should be) and counts for the report. */
export type ServerLogCheck = {
  problems: string[];
  counts: { lines: number; requests: number; byLevel: Record<string, number>; stacks: number; stacksOutsideRequests: number; serverErrors: number };
};

/** A stack trace's frame line, as Node prints it. */
const FRAME = /\n\s+at \S/;

/** Whether a parsed line carries a stack: pino's `err.stack`, or any string field with a frame line. */
export function hasStack(line: LogLine): boolean {
  const err = line.err as { stack?: unknown } | undefined;
  if (typeof err?.stack === "string") return true;
  return FRAME.test(JSON.stringify(line).replace(/\\n/g, "\n"));
}

/**
 * Checks `output` (everything a server printed): every non-empty line is one JSON object with a
 * string `level`, `time` and `msg`; no line with a stack belongs to a request answered below 500
 * (a 4xx is the client's mistake: logged at info/warn without a stack); every request answered
 * 500 or above has a line at `error`/`fatal` under its request id that carries the stack. A
 * request's status is its "request" line's (the shopper's, not a page-cache render's, when both
 * share the id).
 */
export function checkServerLog(output: string): ServerLogCheck {
  const problems: string[] = [];
  const parsed: LogLine[] = [];
  for (const raw of output.split("\n")) {
    if (raw.trim() === "") continue;
    let line: LogLine;
    try {
      line = JSON.parse(raw) as LogLine;
    } catch {
      problems.push(`not a JSON line: ${raw.slice(0, 200)}`);
      continue;
    }
    if (typeof line !== "object" || line === null || typeof line.level !== "string" || typeof line.time !== "string" || typeof line.msg !== "string") {
      problems.push(`a line without level, time and msg: ${raw.slice(0, 200)}`);
      continue;
    }
    parsed.push(line);
  }
  const statusOf = new Map<string, number>();
  for (const line of parsed) {
    if (line.msg !== "request" || typeof line.requestId !== "string" || typeof line.status !== "number") continue;
    if (line.render === true && statusOf.has(line.requestId)) continue;
    statusOf.set(line.requestId, line.status);
  }
  const byLevel: Record<string, number> = {};
  let stacks = 0;
  let stacksOutsideRequests = 0;
  const stackedIds = new Set<string>();
  for (const line of parsed) {
    byLevel[String(line.level)] = (byLevel[String(line.level)] ?? 0) + 1;
    if (!hasStack(line)) continue;
    stacks += 1;
    if (typeof line.requestId !== "string") {
      stacksOutsideRequests += 1;
      continue;
    }
    const status = statusOf.get(line.requestId);
    if (status !== undefined && status < 500) problems.push(`a stack for a request answered ${status}: ${JSON.stringify(line).slice(0, 400)}`);
    if (line.level === "error" || line.level === "fatal") stackedIds.add(line.requestId);
  }
  let serverErrors = 0;
  for (const [id, status] of statusOf) {
    if (status < 500) continue;
    serverErrors += 1;
    if (!stackedIds.has(id)) problems.push(`a ${status} without an error line carrying its request id ${id} and a stack`);
  }
  return { problems, counts: { lines: parsed.length, requests: statusOf.size, byLevel, stacks, stacksOutsideRequests, serverErrors } };
}
