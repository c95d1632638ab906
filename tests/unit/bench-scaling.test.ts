import { describe, expect, it } from "vitest";
import { pairRatios, scaleCeiling, THROUGHPUT_ORDER, warmUpSteady } from "../../scripts/bench/scaling";

// Rounds as the cluster bench printed them on this machine (pages a second, 5 s each).
describe("the cluster bench's arithmetic (issue 49 item 5, decision 1026)", () => {
  it("calls a warm-up steady only after four rounds, when the last three agree within 10%", () => {
    expect(warmUpSteady([117, 120])).toBe(false); // two rounds that agree by chance: the store went on to 142–160
    expect(warmUpSteady([117, 120, 125])).toBe(false);
    expect(warmUpSteady([488, 800, 921, 871])).toBe(false); // 921 − 800 = 121 > 10% of 864
    expect(warmUpSteady([488, 834, 921, 871])).toBe(true); // 921 − 834 = 87 ≤ 10% of 875.3
    expect(warmUpSteady([488, 834, 921, 871, 934])).toBe(true); // 934 − 871 = 63 ≤ 90.9
    expect(warmUpSteady([150, 160, 171, 201, 196])).toBe(false); // 201 − 171 = 30 > 18.9
    expect(warmUpSteady([150, 160, 171, 201, 196, 200])).toBe(true);
    expect(warmUpSteady([0, 0, 0, 0])).toBe(false);
  });

  it("pairs the alternated runs one against the other, whichever came first", () => {
    expect(THROUGHPUT_ORDER).toEqual([1, 2, 2, 1, 1, 2]);
    const runs = [142, 180, 196, 160, 147, 185].map((rps, i) => ({ stores: THROUGHPUT_ORDER[i], rps }));
    expect(pairRatios(runs).map((r) => r.toFixed(4))).toEqual([(180 / 142).toFixed(4), (196 / 160).toFixed(4), (185 / 147).toFixed(4)]);
  });

  it("refuses a pair that is not one 1-store and one 2-store run", () => {
    expect(() => pairRatios([{ stores: 1, rps: 100 }, { stores: 1, rps: 110 }])).toThrow(/not one 1-store and one 2-store run/);
  });

  it("puts the ceiling at the machine's cores over one store's busy cores, never above 2", () => {
    expect(scaleCeiling(2, 1.5)).toBeCloseTo(4 / 3, 6);
    expect(scaleCeiling(2, 1.0)).toBe(2);
    expect(scaleCeiling(8, 1.5)).toBe(2);
    expect(scaleCeiling(2, 0)).toBe(2);
  });
});
