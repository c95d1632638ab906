import { describe, expect, it } from "vitest";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatReportTime } from "~/lib/problem-reports";
import { istDateTimeIn } from "~/lib/ist-dates";

/**
 * Times in IST as the back office, problem reports and account pages show them: the same text on
 * the server and in the browser, so the page hydrates. Node's ICU wrote the hour after midnight as
 * "24" with `hour12: false` where Chromium's wrote "00": back-office pages failed to hydrate from
 * 00:00 to 01:00 IST. Expected texts written out by hand.
 */
describe("IST date and time", () => {
  const cases: [string, string][] = [
    ["2026-11-28T00:26:00+05:30", "28 Nov 2026, 00:26"],
    ["2026-11-27T23:59:00+05:30", "27 Nov 2026, 23:59"],
    ["2026-11-24T16:05:00+05:30", "24 Nov 2026, 16:05"],
    // 18:45 UTC on the 31st is already 00:15 on 1 January in India.
    ["2026-12-31T18:45:00Z", "1 Jan 2027, 00:15"],
    ["2026-09-09T12:00:00+05:30", "9 Sep 2026, 12:00"],
  ];

  it.each(cases)("%s reads %s in the back office and on problem reports", (instant, text) => {
    expect(formatIstDateTime(Date.parse(instant))).toBe(text);
    expect(formatReportTime(Date.parse(instant))).toBe(text);
    expect(istDateTimeIn(Date.parse(instant), "en")).toBe(text);
  });

  it("never writes the hour as 24", () => {
    for (let minute = 0; minute < 24 * 60; minute += 7) {
      const text = formatIstDateTime(Date.parse("2026-11-28T00:00:00+05:30") + minute * 60_000);
      expect(text).toMatch(/, (?:[01]\d|2[0-3]):[0-5]\d$/);
    }
  });
});
