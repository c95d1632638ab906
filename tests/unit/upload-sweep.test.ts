import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sweepIncoming } from "~/http/upload.server";

/**
 * The sweep of interrupted uploads (issue 21 item 1; app/http/upload.server.ts): entries of
 * `incoming/` idle for longer than the limit go, entries being written stay, a limit of 0 empties it.
 */

const NOW = Date.parse("2026-11-25T10:00:00Z");
let dir = "";
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A request folder holding one file last written `minutesAgo` minutes before NOW. */
function requestFolder(name: string, minutesAgo: number): void {
  const folder = path.join(dir, name);
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, "video.upload");
  fs.writeFileSync(file, "bytes");
  const at = new Date(NOW - minutesAgo * 60_000);
  fs.utimesSync(file, at, at);
  fs.utimesSync(folder, new Date(NOW - 60 * 60_000), new Date(NOW - 60 * 60_000));
}

describe("sweepIncoming", () => {
  it("removes the folders idle past the limit and keeps one still being written", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "incoming-"));
    requestFolder("killed-an-hour-ago", 60);
    requestFolder("killed-11-minutes-ago", 11);
    requestFolder("written-30-seconds-ago", 0.5);
    expect(await sweepIncoming(dir, 10 * 60_000, NOW)).toBe(2);
    expect(fs.readdirSync(dir)).toEqual(["written-30-seconds-ago"]);
    expect(await sweepIncoming(dir, 0, NOW)).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("answers 0 for a folder that does not exist", async () => {
    dir = path.join(os.tmpdir(), "incoming-missing-never-made");
    expect(await sweepIncoming(dir, 0, NOW)).toBe(0);
  });
});
