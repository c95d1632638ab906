import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountCodeRow } from "../setup/discount-codes";
import type { Insertable } from "kysely";
import { createDatabase, type DB } from "~/db/db.server";
import type { DiscountCodesTable } from "~/db/schema";
import {
  applyCodeAnswerSchema,
  cartWithDiscountAnswerSchema,
  discountRefusalJsonSchema,
  removeCodeAnswerSchema,
} from "~/schemas/discount-api";
import { orderJsonSchema, placeOrderAnswerSchema } from "~/schemas/orders";
import { ADDRESS } from "../fakes/shop";
import {
  startContractServer,
  type ContractServer,
} from "../setup/contract-server";
import { addToCart, registerShopper } from "../setup/shoppers";

/**
 * The Store API calls of discount codes on the wire (issue 47 item 6; docs/decisions/1013), against
 * the production build on loopback: `POST /api/cart/applyCode`, `/api/cart/removeCode` and the
 * `discount` of `/api/cart/get` (their shapes parsed with schemas/discount-api.ts), each refusal's
 * status and sentence, 401/405/415/413/429, a cash-on-delivery order with a code (the place answer
 * and /api/order/userorders show the discount; a forged amount changes nothing), another token's
 * cart untouched, and a store whose data lives on another server answering 404. Codes are rows
 * written into the server's database; expected sentences and rupees are written out here.
 */

const BUILD_SUFFIX = "contract-hB2";

let server: ContractServer | undefined;
let storefront: ContractServer | undefined;
let db: DB | undefined;
afterAll(async () => {
  await db?.destroy();
  await storefront?.stop();
  await server?.stop();
}, 30_000);

type ListedProduct = {
  _id: string;
  price: number;
  colours: string[];
  category: string;
  subCategory: string;
};

function codeRow(code: string, fields: Partial<Insertable<DiscountCodesTable>> = {}): Insertable<DiscountCodesTable> {
  return discountCodeRow(code, fields);
}

describe("discount codes on the wire", () => {
  let baseUrl: string;
  let product: ListedProduct;
  /** 10 % of the product's price, in rupees: its price is whole rupees, so a tenth is exact to the paisa. */
  let tenth: number;

  beforeAll(async () => {
    server = await startContractServer(
      { ENABLE_COD: "true" },
      { buildSuffix: BUILD_SUFFIX }
    );
    baseUrl = server.baseUrl;
    db = createDatabase(`file:${server.databaseFile}`);
    const { products } = (await (
      await fetch(`${baseUrl}/api/product/listproduct`)
    ).json()) as { products: ListedProduct[] };
    // A watch without colours, in whole rupees, within the cash-on-delivery limit.
    product = products.find(
      (p) =>
        p.colours.length === 0 && Number.isInteger(p.price) && p.price <= 25_000
    )!;
    tenth = Math.round(product.price * 10) / 100;
    const row = codeRow;
    // One row at a time: SQLite has no DEFAULT inside a multi-row VALUES.
    for (const values of [
      row("TENOFF"),
      row("ONCE10", { per_shopper_limit: 1 }),
      row("RESTING", { status: "paused" }),
      row("FUTURE", { starts_at: Date.parse("2099-01-01T00:00:00+05:30") }),
      row("OLDNEWS", { ends_at: Date.parse("2020-01-01T00:00:00+05:30") }),
      row("GONE", { total_limit: 1, uses_taken: 1 }),
      row("NOTTHIS", { scope: "products", scope_json: '["no-such-watch"]' }),
      row("BIGCART", {
        kind: "fixed",
        percent_bp: null,
        value_paise: 50_000,
        min_subtotal_paise: product.price * 100 + 100_000,
      }),
    ]) {
      await db.insertInto("discount_codes").values(values).execute();
    }
  }, 240_000);

  async function post(
    path: string,
    body: unknown,
    token?: string,
    init: { raw?: string; contentType?: string } = {}
  ) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": init.contentType ?? "application/json",
        ...(token ? { token } : {}),
      },
      body: init.raw ?? JSON.stringify(body),
    });
    return {
      status: response.status,
      headers: response.headers,
      json: (await response.json()) as Record<string, unknown>,
    };
  }
  async function shopperWithCart(label: string) {
    const { token } = await registerShopper(baseUrl, label);
    await addToCart(baseUrl, token, [product._id]);
    return token;
  }
  const cartGet = async (token: string) => {
    const answer = await post("/api/cart/get", {}, token);
    expect(answer.status).toBe(200);
    return cartWithDiscountAnswerSchema.strict().parse(answer.json);
  };

  it("apply, read back in the cart, remove: the contract's shapes, in rupees", async () => {
    const token = await shopperWithCart("code-shape");
    expect((await cartGet(token)).discount).toBeNull();

    const applied = await post(
      "/api/cart/applyCode",
      { code: "  ten off " },
      token
    );
    expect(applied.status).toBe(200);
    const answer = applyCodeAnswerSchema.strict().parse(applied.json);
    const expected = {
      code: "TENOFF",
      terms: ["10 % off the whole order"],
      applies: true,
      discount: tenth,
      lines: [{ _id: product._id, size: "default", discount: tenth }],
      subtotal: product.price,
      total: Math.round((product.price - tenth) * 100) / 100,
    };
    expect(answer).toEqual({ success: true, discount: expected });
    const cart = await cartGet(token);
    expect(cart.discount).toEqual(expected);
    expect(cart.cartData).toEqual({ [product._id]: { default: 1 } });

    const removed = await post("/api/cart/removeCode", {}, token);
    expect(removed.status).toBe(200);
    expect(removeCodeAnswerSchema.strict().parse(removed.json)).toEqual({
      success: true,
    });
    expect((await cartGet(token)).discount).toBeNull();
    // Removing again is the same answer.
    expect((await post("/api/cart/removeCode", {}, token)).json).toEqual({
      success: true,
    });
  });

  it("a code that stops applying stays on the cart, not counted, with its reason; the total is the subtotal", async () => {
    const token = await shopperWithCart("code-stale");
    expect((await post("/api/cart/applyCode", { code: "BIGCART" }, token)).status).toBe(400);
    expect((await post("/api/cart/applyCode", { code: "TENOFF" }, token)).status).toBe(200);
    await post("/api/cart/update", { itemId: product._id, size: "default", quantity: 0 }, token);
    expect((await cartGet(token)).discount).toEqual({
      code: "TENOFF",
      terms: ["10 % off the whole order"],
      applies: false,
      message: "This code doesn't apply to anything in your cart.",
      discount: 0,
      lines: [],
      subtotal: 0,
      total: 0,
    });
  });

  it("each refusal: 400 with its sentence, nothing stored on the cart", async () => {
    const refusals: [string, string][] = [
      ["NOSUCH", "We don't know this code. Please check it."],
      ["resting", "This code is not available right now."],
      ["future", "This code starts on 1 Jan 2099, 00:00 IST."],
      ["oldnews", "This code ended on 1 Jan 2020, 00:00 IST."],
      ["gone", "This code has been used up."],
      ["notthis", "This code doesn't apply to anything in your cart."],
      [
        "bigcart",
        "This code needs " +
          rupees(product.price + 1000) +
          " of eligible watches: add ₹1,000 more.",
      ],
      ["", "Please enter a code."],
      ["X".repeat(33), "A code has at most 32 characters."],
    ];
    // Two shoppers, so neither reaches the 10 tries a minute.
    const tokens = [
      await shopperWithCart("code-refused-a"),
      await shopperWithCart("code-refused-b"),
    ];
    for (const [index, [code, message]] of refusals.entries()) {
      const token = tokens[index % 2];
      const answer = await post("/api/cart/applyCode", { code }, token);
      expect({ status: answer.status, json: answer.json }, code).toEqual({
        status: 400,
        json: { success: false, message },
      });
      expect(
        discountRefusalJsonSchema.strict().safeParse(answer.json).success
      ).toBe(true);
    }
    for (const body of [
      {},
      { code: 42 },
      { code: null },
      { code: ["TENOFF"] },
    ]) {
      const answer = await post("/api/cart/applyCode", body, tokens[0]);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    for (const token of tokens)
      expect((await cartGet(token)).discount).toBeNull();
  });

  it("401 without or with a bad token, 405 GET, 415 not JSON, 413 too large, 400 bad JSON; never a 500", async () => {
    const token = await shopperWithCart("code-wire");
    for (const path of ["/api/cart/applyCode", "/api/cart/removeCode"]) {
      expect((await post(path, { code: "TENOFF" })).status).toBe(401);
      expect(
        (await post(path, { code: "TENOFF" }, "A".repeat(43))).status
      ).toBe(401);
      const get = await fetch(`${baseUrl}${path}`);
      expect([get.status, get.headers.get("allow")]).toEqual([405, "POST"]);
      expect(
        (
          await post(path, undefined, token, {
            raw: "code=TENOFF",
            contentType: "text/plain",
          })
        ).status
      ).toBe(415);
      expect(
        (
          await post(path, undefined, token, {
            raw: JSON.stringify({ code: "A".repeat(20_000) }),
          })
        ).status
      ).toBe(413);
      expect((await post(path, undefined, token, { raw: "{" })).status).toBe(
        400
      );
      for (const raw of ["null", "[]", '"x"', '{"code":"\\u0000"}']) {
        const { status } = await post(path, undefined, token, { raw });
        expect(status >= 400 && status < 500, `${path} ${raw}`).toBe(true);
      }
    }
    expect((await cartGet(token)).discount).toBeNull();
  });

  it("after 10 codes tried in a minute the 11th is refused 429 with the sentence and Retry-After", async () => {
    const token = await shopperWithCart("code-flood");
    for (let i = 0; i < 10; i++)
      expect(
        (await post("/api/cart/applyCode", { code: `GUESS${i}` }, token)).status
      ).toBe(400);
    const flooded = await post(
      "/api/cart/applyCode",
      { code: "TENOFF" },
      token
    );
    expect({ status: flooded.status, json: flooded.json }).toEqual({
      status: 429,
      json: {
        success: false,
        message: "Too many codes tried. Please wait a minute and try again.",
      },
    });
    expect(Number(flooded.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await cartGet(token)).discount).toBeNull();
  });

  it("a cash-on-delivery order with a code: place and userorders show the discount; a forged amount changes nothing; another token's cart untouched", async () => {
    const token = await shopperWithCart("code-order");
    const other = await shopperWithCart("code-other");
    expect(
      (await post("/api/cart/applyCode", { code: "once10" }, token)).status
    ).toBe(200);
    expect((await cartGet(other)).discount).toBeNull();

    const charged = Math.round((product.price - tenth) * 100) / 100;
    const placed = await post(
      "/api/order/place",
      {
        address: ADDRESS,
        items: [{ _id: product._id, size: "default", quantity: 1, price: 1 }],
        amount: 1,
        discount: product.price,
        discountCode: "FREE",
      },
      token
    );
    expect(placed.status).toBe(200);
    const answer = placeOrderAnswerSchema.strict().parse(placed.json);
    expect(answer).toMatchObject({
      amount: charged,
      discountCode: "ONCE10",
      discount: tenth,
    });

    const orders = await post("/api/order/userorders", {}, token);
    const [order] = (orders.json.orders as unknown[]).map((o) =>
      orderJsonSchema.parse(o)
    );
    expect(order).toMatchObject({
      _id: answer.orderId,
      amount: charged,
      discountCode: "ONCE10",
      discount: tenth,
    });
    expect(
      order.items.map((item) => [
        item._id,
        item.price,
        item.quantity,
        item.discount,
      ])
    ).toEqual([[product._id, product.price, 1, tenth]]);
    const detail = await post(
      "/api/order/detail",
      { orderId: answer.orderId },
      token
    );
    expect(detail.status).toBe(200);
    expect(detail.json.order).toMatchObject({
      amount: charged,
      discountCode: "ONCE10",
      discount: tenth,
    });

    // The code left the cart with the ordered lines; once per shopper, so it is refused now.
    expect((await cartGet(token)).discount).toBeNull();
    await addToCart(baseUrl, token, [product._id]);
    expect(
      (await post("/api/cart/applyCode", { code: "ONCE10" }, token)).json
    ).toEqual({ success: false, message: "You have already used this code." });

    // The other shopper's order: full price, no code.
    const theirs = await post(
      "/api/order/place",
      {
        address: {
          ...ADDRESS,
          email: "someone@example.in",
          phone: "9123456780",
        },
        items: [{ _id: product._id, size: "default", quantity: 1 }],
        amount: 1,
      },
      other
    );
    expect(placeOrderAnswerSchema.strict().parse(theirs.json)).toMatchObject({
      amount: product.price,
      discountCode: null,
      discount: 0,
    });
  });

  it("a storefront whose data lives on another server (BACKEND_URL): the code calls answer 404, the cart's discount is null", async () => {
    storefront = await startContractServer(
      { BACKEND_URL: baseUrl, ENABLE_COD: "true" },
      { buildSuffix: BUILD_SUFFIX, skipBuild: true }
    );
    const { token } = await registerShopper(baseUrl, "code-remote");
    await addToCart(baseUrl, token, [product._id]);
    const call = (path: string, body: unknown) =>
      fetch(`${storefront!.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", token },
        body: JSON.stringify(body),
      }).then(async (r) => ({ status: r.status, json: await r.json() }));
    expect(await call("/api/cart/applyCode", { code: "TENOFF" })).toEqual({
      status: 404,
      json: {
        success: false,
        message: "Discount codes are not available on this store.",
      },
    });
    expect(await call("/api/cart/removeCode", {})).toEqual({
      status: 404,
      json: {
        success: false,
        message: "Discount codes are not available on this store.",
      },
    });
    const cart = await call("/api/cart/get", {});
    expect(cart.status).toBe(200);
    expect(cartWithDiscountAnswerSchema.strict().parse(cart.json)).toEqual({
      success: true,
      cartData: { [product._id]: { default: 1 } },
      discount: null,
    });
  }, 120_000);
});

/** Whole rupees as the store writes them: "₹12,345" (Indian digit grouping), written out here. */
function rupees(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return `₹${digits}`;
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `₹${rest},${last3}`;
}
