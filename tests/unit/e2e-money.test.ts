import { describe, expect, it } from "vitest";
import { percentOff, rupees, shortName } from "../e2e/money";

/** The browser tests' own price and name formats (tests/e2e/money.ts), against values written by hand. */
describe("the browser tests' money and names", () => {
  it.each([
    [0, "₹0"],
    [50, "₹0.50"],
    [100, "₹1"],
    [99_999, "₹999.99"],
    [100_000, "₹1,000"],
    [450_050, "₹4,500.50"],
    [809_500, "₹8,095"],
    [2_500_000, "₹25,000"],
    [12_345_678, "₹1,23,456.78"],
    [10_000_000_00, "₹1,00,00,000"],
    [1_234_567_890, "₹1,23,45,678.90"],
  ])("%i paise → %s", (paise, text) => {
    expect(rupees(paise)).toBe(text);
  });

  it("rounds the percent off to a whole number", () => {
    expect(percentOff(8095, 12699)).toBe("36% off"); // 4,604 / 12,699 = 36.26 %
    expect(percentOff(7750, 11950)).toBe("35% off"); // 4,200 / 11,950 = 35.15 %
    expect(percentOff(50, 100)).toBe("50% off");
    expect(percentOff(995, 1000)).toBe("1% off"); // 0.5 % rounds up
  });

  it("cuts names after 40 characters", () => {
    expect(shortName("Rado Coupole Classic R22862205")).toBe("Rado Coupole Classic R22862205");
    expect(shortName("Fossil Neutra and Carlie Gift Set FS5380 & ES4433SET")).toBe("Fossil Neutra and Carlie Gift Set FS5380…");
    expect(shortName("x".repeat(40))).toBe("x".repeat(40));
  });
});
