import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  financialYear,
  formatInvoiceNumber,
  formatInvoiceRupees,
  formatIstDate,
  gstStateCode,
  numberInIndianWords,
  rupeesInWords,
  sameState,
  splitGstInclusive,
  validateGstin,
} from "~/lib/gst";

// Issue 14 item 2; DESIGN.md §20: worked examples to the paisa.
describe("splitGstInclusive", () => {
  it("splits ₹1,18,000 at 18% into ₹1,00,000 + ₹18,000, halves intra-state", () => {
    expect(splitGstInclusive(11_800_000, 18, true)).toEqual({
      totalPaise: 11_800_000,
      taxablePaise: 10_000_000,
      taxPaise: 1_800_000,
      cgstPaise: 900_000,
      sgstPaise: 900_000,
      igstPaise: 0,
    });
  });

  it("rounds the taxable value to the paisa: ₹4,999 → ₹4,236.44 + ₹762.56 (IGST inter-state)", () => {
    expect(splitGstInclusive(499_900, 18, false)).toEqual({
      totalPaise: 499_900,
      taxablePaise: 423_644,
      taxPaise: 76_256,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 76_256,
    });
  });

  it("rounds half-way and up: ₹2,499 → ₹2,117.80 + ₹381.20", () => {
    const split = splitGstInclusive(249_900, 18, true);
    expect([split.taxablePaise, split.cgstPaise, split.sgstPaise]).toEqual([211_780, 19_060, 19_060]);
  });

  it("gives the odd paisa of the tax to SGST: ₹1.00 → 85 + 7 + 8", () => {
    expect(splitGstInclusive(100, 18, true)).toMatchObject({ taxablePaise: 85, taxPaise: 15, cgstPaise: 7, sgstPaise: 8 });
  });

  it("works for 0% and 12%", () => {
    expect(splitGstInclusive(112_000, 12, true).taxablePaise).toBe(100_000);
    expect(splitGstInclusive(12_345, 0, false)).toMatchObject({ taxablePaise: 12_345, taxPaise: 0 });
  });

  it("always adds up to the total and matches round(total × 100 / 118)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.boolean(), (total, intra) => {
        const s = splitGstInclusive(total, 18, intra);
        expect(s.taxablePaise).toBe(Math.round((total * 100) / 118));
        expect(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise).toBe(total);
      }),
    );
  });

  it("refuses fractions and negative amounts", () => {
    expect(() => splitGstInclusive(1.5, 18, true)).toThrow(RangeError);
    expect(() => splitGstInclusive(-1, 18, true)).toThrow(RangeError);
    expect(() => splitGstInclusive(100, -1, true)).toThrow(RangeError);
  });
});

describe("rupees in words (Indian numbering)", () => {
  it.each([
    [12_345_650, "Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only"],
    [100_000, "Rupees One Thousand Only"],
    [0, "Rupees Zero Only"],
    [1, "Rupees Zero and One Paise Only"],
    [1_234_567_890, "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight and Ninety Paise Only"],
    [499_900, "Rupees Four Thousand Nine Hundred Ninety-Nine Only"],
    [10_000_000, "Rupees One Lakh Only"],
    [1_100_011_900, "Rupees One Crore Ten Lakh One Hundred Nineteen Only"],
  ])("%i paise → %s", (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  it("names crores of crores", () => {
    expect(numberInIndianWords(1_000_000_000)).toBe("One Hundred Crore");
    expect(numberInIndianWords(20_000_000_000_000)).toBe("Twenty Lakh Crore");
    expect(numberInIndianWords(90)).toBe("Ninety");
  });
});

describe("financialYear", () => {
  it("turns over at midnight IST on 1 April", () => {
    expect(financialYear(Date.parse("2027-03-31T23:59:59+05:30"))).toBe("2026-27");
    expect(financialYear(Date.parse("2026-04-01T00:00:00+05:30"))).toBe("2026-27");
    expect(financialYear(Date.parse("2026-03-31T18:29:59Z"))).toBe("2025-26");
    expect(financialYear(Date.parse("2026-03-31T18:30:00Z"))).toBe("2026-27");
    expect(financialYear(Date.parse("2099-06-01T00:00:00Z"))).toBe("2099-00");
  });

  it("formats invoice numbers", () => {
    expect(formatInvoiceNumber("CI", "2026-27", 123)).toBe("CI/2026-27/000123");
  });
});

describe("GSTIN", () => {
  it("accepts valid GSTINs and normalises case and spaces", () => {
    expect(validateGstin("27AAPFU0939F1ZV")).toEqual({ ok: true, gstin: "27AAPFU0939F1ZV" });
    expect(validateGstin(" 29aagcb7383j1z4 ")).toEqual({ ok: true, gstin: "29AAGCB7383J1Z4" });
  });

  it("refuses a wrong check character, format or state code", () => {
    expect(validateGstin("27AAPFU0939F1ZA")).toMatchObject({ ok: false, message: expect.stringContaining("check character") });
    expect(validateGstin("27AAPFU0939F1Z")).toMatchObject({ ok: false });
    expect(validateGstin("27AAPF10939F1ZV")).toMatchObject({ ok: false });
    expect(validateGstin("27AAPFU0939F1XV")).toMatchObject({ ok: false });
    expect(validateGstin("00AAPFU0939F1ZV")).toMatchObject({ ok: false, message: expect.stringContaining("state code") });
  });
});

describe("state codes", () => {
  it("finds codes by name", () => {
    expect(gstStateCode("Karnataka")).toBe("29");
    expect(gstStateCode("andaman & nicobar islands")).toBe("35");
    expect(gstStateCode("Atlantis")).toBeNull();
    expect(sameState("Karnataka", " karnataka")).toBe(true);
    expect(sameState("Karnataka", "Kerala")).toBe(false);
  });
});

describe("invoice formatting", () => {
  it("prints rupees with Indian grouping and two decimals", () => {
    expect(formatInvoiceRupees(12_345_650)).toBe("1,23,456.50");
    expect(formatInvoiceRupees(1_234_567_890)).toBe("1,23,45,678.90");
    expect(formatInvoiceRupees(99_900)).toBe("999.00");
    expect(formatInvoiceRupees(5)).toBe("0.05");
  });

  it("prints the IST date", () => {
    expect(formatIstDate(Date.parse("2026-11-24T20:00:00Z"))).toBe("25 Nov 2026");
  });
});
