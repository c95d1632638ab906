import { describe, expect, it } from "vitest";
import { checkServerLog } from "../setup/server-log";

/** tests/setup/server-log.ts, on logs written by hand: what the fuzz's log check finds and what it lets pass. */

const at = "2026-12-02T10:00:00.000Z";
const line = (fields: Record<string, unknown>) => JSON.stringify({ level: "info", time: at, pid: 1, ...fields });
const STACK = "Error: boom\n    at loader (/app/build/index.js:10:5)\n    at run (/app/node_modules/x.js:1:1)";

describe("checkServerLog (issue 46 item 2)", () => {
  it("passes a clean log: 4xx without a stack, a 5xx with its error line, a background error with a stack", () => {
    const output = [
      line({ msg: "[remix-serve] http://localhost:3000" }),
      line({ requestId: "a", msg: "405 Method Not Allowed", status: 405, reason: "no action" }),
      line({ requestId: "a", msg: "request", method: "POST", path: "/about", status: 405, durationMs: 3 }),
      line({ level: "error", requestId: "b", msg: "boom", err: { type: "Error", message: "boom", stack: STACK } }),
      line({ level: "error", requestId: "b", msg: "request", method: "GET", path: "/x", status: 500, durationMs: 9 }),
      line({ level: "error", msg: "Stock hold sweep failed", err: { stack: STACK } }),
      "",
    ].join("\n");
    const { problems, counts } = checkServerLog(output);
    expect(problems).toEqual([]);
    expect(counts).toEqual({ lines: 6, requests: 2, byLevel: { info: 3, error: 3 }, stacks: 2, stacksOutsideRequests: 1, serverErrors: 1 });
  });

  it("finds a stack for a 4xx, a 5xx without one, a plain-text line and a line without msg", () => {
    const output = [
      line({ level: "error", requestId: "a", msg: "ErrorResponseImpl", err: { stack: STACK } }),
      line({ requestId: "a", msg: "request", status: 405 }),
      line({ level: "error", requestId: "b", msg: "request", status: 502 }),
      "    at loader (/app/build/index.js:10:5)",
      JSON.stringify({ level: "info", time: at }),
    ].join("\n");
    const { problems } = checkServerLog(output);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^not a JSON line: +at loader/);
    expect(problems[1]).toMatch(/^a line without level, time and msg/);
    expect(problems[2]).toMatch(/^a stack for a request answered 405/);
    expect(problems[3]).toBe("a 502 without an error line carrying its request id b and a stack");
  });

  it("takes the shopper's request line for the status when a page-cache render shares its id", () => {
    const output = [
      line({ level: "debug", requestId: "c", msg: "request", status: 200, render: true }),
      line({ level: "warn", requestId: "c", msg: "slow", err: { stack: STACK } }),
      line({ level: "error", requestId: "c", msg: "request", status: 503 }),
    ].join("\n");
    expect(checkServerLog(output).problems).toEqual(["a 503 without an error line carrying its request id c and a stack"]);
  });
});
