import type { CreateLinkRequest, CreateOrderRequest, LinkEntity, OrderCreateRefundRequest, OrderEntity, PaymentWebhookOrderEntity, TerminateOrderRequest } from "cashfree-pg";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cashfreeShape } from "~/payments/cashfree.server";

/**
 * Issue 44 item 1 (docs/decisions/0961): the compile-time contract. `npx tsc --noEmit` checks this
 * file too: every `@ts-expect-error` below must meet an error, so the typecheck fails if
 * cashfreeShape or the `satisfies` checks of app/payments/cashfree.server.ts ever stop refusing a
 * field that is not in cashfree-pg@5.1.3's models. The runtime part only shows the schemas still parse.
 */

describe("the Cashfree models hold the client's shapes at compile time", () => {
  it("a shape of OrderEntity's fields compiles and parses; a stranger key or a wrong type does not compile", () => {
    const order = cashfreeShape<OrderEntity>()({ order_id: z.string(), order_amount: z.union([z.number(), z.string()]) });
    expect(order.parse({ order_id: "CI1", order_amount: 10 })).toEqual({ order_id: "CI1", order_amount: 10 });

    // @ts-expect-error order_idd is not a field of OrderEntity
    cashfreeShape<OrderEntity>()({ order_idd: z.string() });
    // @ts-expect-error order_status is a string in OrderEntity, not a number
    cashfreeShape<OrderEntity>()({ order_status: z.number() });
    // @ts-expect-error link_amount_payd is not a field of LinkEntity
    cashfreeShape<LinkEntity>()({ link_amount_payd: z.number() });
    // @ts-expect-error payment_amount belongs to the payment, not to PaymentWebhookOrderEntity
    cashfreeShape<PaymentWebhookOrderEntity>()({ payment_amount: z.number() });
  });

  it("request bodies with a renamed field do not compile", () => {
    const customer_details = { customer_id: "user_1", customer_phone: "9876543210" };
    const good = { order_amount: 1, order_currency: "INR", customer_details } satisfies CreateOrderRequest;
    expect(good.order_currency).toBe("INR");
    // @ts-expect-error order_currncy is not in CreateOrderRequest
    void ({ order_amount: 1, order_currency: "INR", order_currncy: "INR", customer_details } satisfies CreateOrderRequest);
    // @ts-expect-error customer_mail is not in CustomerDetails
    void ({ order_amount: 1, order_currency: "INR", customer_details: { ...customer_details, customer_mail: "a@b.in" } } satisfies CreateOrderRequest);
    // @ts-expect-error link_amount is a number, not rupees as text
    void ({ link_id: "L1", link_amount: "1.00", link_currency: "INR", link_purpose: "p", customer_details: { customer_phone: "9876543210" } } satisfies CreateLinkRequest);
    // @ts-expect-error refundId is not refund_id
    void ({ refund_amount: 1, refundId: "rf_1" } satisfies OrderCreateRefundRequest);
    // @ts-expect-error status is not order_status
    void ({ status: "TERMINATED" } satisfies TerminateOrderRequest);
  });
});
