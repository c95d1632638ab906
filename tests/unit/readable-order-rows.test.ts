import { describe, expect, it } from "vitest";
import { orderRowDetails, orderRows } from "~/lib/order-rows";
import type { Order } from "~/schemas/orders";

/** Issue 9 item 2: My Orders reads "₹9,099 · Quantity: 2 · Colour: Blue", never "Size: Blue". */
describe("My Orders row details", () => {
  const order = (size: string): Order => ({
    id: "ord_1",
    items: [{ productId: "w00001", name: "Casio Vintage", image: "/w.svg", pricePaise: 909_900, size, quantity: 2 }],
    amountPaise: 1_819_800,
    address: {} as Order["address"],
    status: "Order Placed",
    paymentMethod: "cashfree",
    paymentStatus: "PAID",
    createdAt: Date.UTC(2026, 0, 5),
    paymentMode: "test",
    deliveryWindow: null,
  });

  it("calls a chosen colour a colour", () => {
    const [row] = orderRows([order("Blue")]);
    expect(orderRowDetails(row)).toEqual(["₹9,099", "Quantity: 2", "Colour: Blue"]);
  });

  it("reads 'Standard' alone for a watch without colours", () => {
    const [row] = orderRows([order("default")]);
    expect(orderRowDetails(row).slice(1)).toEqual(["Quantity: 2", "Standard"]);
    expect(orderRowDetails(row).join(" · ")).not.toMatch(/Size|Colour/);
  });
});
