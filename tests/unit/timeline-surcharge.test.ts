import { describe, expect, it } from "vitest";
import { describeEvent } from "~/components/admin/order/TimelineSection";

describe("the staff timeline tells a Cashfree surcharge in words (decision 0961)", () => {
  it("names what the shopper paid and the surcharge, in rupees with Indian grouping", () => {
    const line = describeEvent({ kind: "payment_surcharge", status: null, details: { orderPaise: 12_499_00, paymentPaise: 12_524_00, surchargePaise: 25_00 } });
    expect(line).toBe("Paid ₹12,524 through Cashfree: the order's total and a ₹25 surcharge Cashfree collected from the shopper");
  });

  it("falls back to the kind when the details are not numbers", () => {
    expect(describeEvent({ kind: "payment_surcharge", status: null, details: { surchargePaise: "25" } })).toBe("payment_surcharge");
  });
});
