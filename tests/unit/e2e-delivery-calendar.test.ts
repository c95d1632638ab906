import { describe, expect, it } from "vitest";
import { COD_LIMIT_PAISE, windowInWords, windowNow } from "../e2e/delivery-calendar";

/**
 * The browser tests' own delivery calendar (tests/e2e/delivery-calendar.ts) against windows worked
 * out by hand from tests/fixtures/delivery-rules.json (processing 1–2 business days; metro 2–3,
 * rest of India 4–5, remote 7–9; Monday to Saturday; holidays 2 Oct 2026, 26 Jan 2027 and the
 * others listed there).
 */
describe("the browser tests' delivery calendar", () => {
  it.each([
    // Tue 24 Nov: +3 business days Fri 27 Nov; +5 Mon 30 Nov (Sunday 29 skipped).
    ["2026-11-24T12:00:00+05:30", "metro", "between Fri, 27 Nov and Mon, 30 Nov"],
    // Same day, a minute before midnight IST: still the 24th.
    ["2026-11-24T23:59:00+05:30", "metro", "between Fri, 27 Nov and Mon, 30 Nov"],
    // 18:30 UTC is midnight IST: the order date is Wed 25 Nov, +3 Sat 28, +5 Tue 1 Dec.
    ["2026-11-24T18:30:00Z", "metro", "between Sat, 28 Nov and Tue, 1 Dec"],
    // Tue 24 Nov, rest of India: +5 Mon 30 Nov; +7 Wed 2 Dec.
    ["2026-11-24T12:00:00+05:30", "rest", "between Mon, 30 Nov and Wed, 2 Dec"],
    // Tue 24 Nov, remote: +8 Thu 3 Dec; +11 Mon 7 Dec.
    ["2026-11-24T12:00:00+05:30", "remote", "between Thu, 3 Dec and Mon, 7 Dec"],
    // Ordered on a Sunday: counting starts on Mon 30 Nov; +3 Thu 3 Dec, +5 Sat 5 Dec.
    ["2026-11-29T10:00:00+05:30", "metro", "between Thu, 3 Dec and Sat, 5 Dec"],
    // Wed 30 Sep, Gandhi Jayanti (Fri 2 Oct) and a Sunday skipped: Thu 1, Sat 3, Mon 5 Oct; Tue 6, Wed 7.
    ["2026-09-30T09:00:00+05:30", "metro", "between Mon, 5 Oct and Wed, 7 Oct"],
    // Fri 22 Jan 2027, Republic Day (Tue 26 Jan) skipped: Sat 23, Mon 25, Wed 27; Thu 28, Fri 29.
    ["2027-01-22T09:00:00+05:30", "metro", "between Wed, 27 Jan and Fri, 29 Jan"],
    // Wed 30 Dec 2026, remote, across the new year (1 Jan is a business day): Fri 8 Jan to Tue 12 Jan.
    ["2026-12-30T09:00:00+05:30", "remote", "between Fri, 8 Jan and Tue, 12 Jan"],
  ] as const)("ordered %s, %s → %s", (orderedAt, zone, words) => {
    expect(windowInWords(zone, Date.parse(orderedAt))).toBe(words);
  });

  it("matches the whole sentence and nothing else", () => {
    const pattern = windowNow("Delivery to Bengaluru, Karnataka ", "metro");
    const now = windowInWords("metro", Date.now());
    expect(`Delivery to Bengaluru, Karnataka ${now}`).toMatch(pattern);
    expect(`Delivery to Bengaluru, Karnataka ${now}.`).not.toMatch(pattern);
    expect(`Delivery to Bengaluru, Karnataka by Fri, 27 Nov`).not.toMatch(pattern);
  });

  it("reads the cash on delivery limit from the fixture: ₹25,000", () => {
    expect(COD_LIMIT_PAISE).toBe(2_500_000);
  });
});
