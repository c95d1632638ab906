import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { cartStockProblems, colourStockNotes } from "~/lib/stock";
import { productToJson } from "~/schemas/product";
import { addCartItem } from "~/services/carts.server";
import { getProduct, getProducts, importCatalogue } from "~/services/catalogue.server";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { getAdminProduct, updateProduct } from "~/services/products-admin.server";
import { parseProductForm } from "~/utils/product-form.server";
import { ADDRESS, createShopper, fillCart, orderBody } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";

/**
 * Stock per colour (issue 23 item 1: "each colour, where a product has colours and the owner keeps
 * them apart"; docs/decisions/0692). A watch whose colours are kept apart sells each colour from its
 * own count, by the same conditional UPDATE as the product's; the product's stock is their total.
 */

/** Tue 24 Nov 2026, 12:00 IST. */
const NOW = Date.parse("2026-11-24T12:00:00+05:30");
const OWNER = { id: 1, email: "owner@example.com" };

const GOLD_WATCH = {
  _id: "w-gold",
  name: "Rado Golden Hour",
  image: ["/gold.svg"],
  price: 2500,
  category: "Women",
  subCategory: "Rado",
  colours: ["Gold", "Silver"],
  createdAt: "2025-01-02",
};

describe("what pages say of colours kept apart (fixed table)", () => {
  const lines = [
    { productId: "w-gold", name: "Rado Golden Hour", sizeKey: "Gold", quantity: 2 },
    { productId: "w-gold", name: "Rado Golden Hour", sizeKey: "Silver", quantity: 1 },
    { productId: "w-plain", name: "Casio Classic", sizeKey: "default", quantity: 1 },
  ];

  it("checks each colour kept apart on its own, and a shared count per product", () => {
    const stock = new Map([
      ["w-gold", { stock: 3, colourStock: { Gold: 3, Silver: 0 } }],
      ["w-plain", { stock: 1 }],
    ]);
    // 3 units in total would cover the 3 wanted, but Silver has none.
    expect(cartStockProblems(lines, (id) => stock.get(id))).toEqual([
      { productId: "w-gold", message: "Rado Golden Hour (Silver) is out of stock. Remove it from your cart to place your order." },
    ]);
    const short = new Map([["w-gold", { stock: 2, colourStock: { Gold: 1, Silver: 1 } }]]);
    expect(cartStockProblems(lines.slice(0, 2), (id) => short.get(id))).toEqual([
      { productId: "w-gold", message: "Only 1 of Rado Golden Hour (Gold) is left. Lower the quantity to place your order." },
    ]);
  });

  it("notes only the colours that are low or sold out", () => {
    expect(colourStockNotes({ Gold: 9, Silver: 2, Rose: 0 })).toEqual({
      Silver: { text: "Only 2 left", soldOut: false },
      Rose: { text: "Out of stock", soldOut: true },
    });
    expect(colourStockNotes(undefined)).toEqual({});
  });
});

describe("the product form's stock per colour", () => {
  const form = (colourStock: string, stock = "") => {
    const data = new FormData();
    for (const [key, value] of Object.entries({ ...GOLD_WATCH, image: "/gold.svg", colours: "Gold\nSilver", price: "2500", stock, colourStock })) {
      data.set(key, String(value));
    }
    return parseProductForm(data, { id: "w-gold", createdAt: "2025-01-02T00:00:00.000Z" });
  };

  it("reads one line per colour, the total becoming the stock on hand", async () => {
    const parsed = await form("Gold: 3\nSilver: 0", "99");
    expect(parsed.ok && [parsed.product.colourStock, parsed.product.stock]).toEqual([{ Gold: 3, Silver: 0 }, undefined]);
  });

  it("refuses a line that is not “colour: units”, a colour the watch lacks and a missing colour, on the field", async () => {
    for (const [text, message] of [
      ["Gold: three", "must give each colour's units (on the product form: one line per colour, like “Black: 3”)"],
      ["Gold: 1\nBlue: 2\nSilver: 0", "names a colour the watch doesn't have: Blue"],
      ["Gold: 1", "needs a figure for every colour (missing: Silver)"],
    ]) {
      const parsed = await form(text);
      expect(parsed.ok).toBe(false);
      expect(!parsed.ok && parsed.reply.error?.colourStock).toEqual([message]);
    }
  });
});

describe.each(testDatabases())("stock per colour on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;

  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  async function setUp(colourStock: Record<string, number> | undefined, stock?: number) {
    current = await create();
    db = current.db;
    const result = await importCatalogue(db, [{ ...GOLD_WATCH, ...(colourStock ? { colourStock } : {}), ...(stock !== undefined ? { stock } : {}) }]);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
  }
  const colourRows = async () =>
    Object.fromEntries((await db.selectFrom("colour_stock").select(["colour", "stock"]).where("product_id", "=", "w-gold").orderBy("colour").execute()).map((row) => [row.colour, Number(row.stock)]));
  const productStock = async () => (await db.selectFrom("products").select("stock").where("id", "=", "w-gold").executeTakeFirstOrThrow()).stock;
  const movements = async () =>
    (await db.selectFrom("stock_movements").select(["colour", "delta", "stock_after", "reason", "actor"]).where("product_id", "=", "w-gold").orderBy("id").execute()).map((row) => [
      row.colour,
      Number(row.delta),
      row.stock_after === null ? null : Number(row.stock_after),
      row.reason,
      row.actor,
    ]);
  async function shopper(colour: string, quantity = 1) {
    const id = await createShopper(db);
    await fillCart(db, id, [["w-gold", colour, quantity]]);
    return id;
  }
  const cod = (id: number, colour: string, key: string, quantity = 1) =>
    placeCodOrder(db, id, { ...orderBody([{ _id: "w-gold", size: colour, quantity }], 2500 * quantity), address: ADDRESS }, { codEnabled: true, idempotencyKey: key, now: NOW });

  it("an import sets each colour's count and the product's total; pages and the export read them", async () => {
    await setUp({ Gold: 2, Silver: 0 });
    expect(await colourRows()).toEqual({ Gold: 2, Silver: 0 });
    expect(await productStock()).toBe(2);
    const product = await getProduct(db, "w-gold");
    expect([product?.stock, product?.colourStock]).toEqual([2, { Gold: 2, Silver: 0 }]);
    expect((await getProducts(db, ["w-gold"])).get("w-gold")?.colourStock).toEqual({ Gold: 2, Silver: 0 });
    expect(productToJson(product!)).toMatchObject({ stock: 2, colourStock: { Gold: 2, Silver: 0 } });
    expect(await movements()).toEqual([[null, 2, 2, "import", "cli"]]);
  });

  it("a sold-out colour can't be added to a cart; the other colour can", async () => {
    await setUp({ Gold: 2, Silver: 0 });
    const id = await createShopper(db);
    const error = await addCartItem(db, id, { itemId: "w-gold", size: "Silver" }).catch((e: unknown) => e);
    expect([(error as BackendError).status, (error as BackendError).message]).toEqual([409, "Sorry, Silver is out of stock. Choose another colour."]);
    await addCartItem(db, id, { itemId: "w-gold", size: "Gold" });
    expect((await db.selectFrom("cart_lines").select(["size_key", "quantity"]).execute()).map((row) => [row.size_key, Number(row.quantity)])).toEqual([["Gold", 1]]);
  });

  it("10 shoppers racing for the last 2 of one colour make exactly 2 orders; the other colour is untouched", async () => {
    await setUp({ Gold: 2, Silver: 5 });
    const shoppers = [];
    for (let i = 0; i < 10; i++) shoppers.push(await shopper("Gold"));
    const results = await Promise.allSettled(shoppers.map((id, i) => cod(id, "Gold", `gold-race-${String(i).padStart(4, "0")}`)));
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(refused.map(({ reason }) => [(reason as BackendError).status, (reason as BackendError).message])).toEqual(
      Array(8).fill([409, "Rado Golden Hour (Gold) is out of stock. Remove it from your cart to place your order."]),
    );
    expect(await colourRows()).toEqual({ Gold: 0, Silver: 5 });
    expect(await productStock()).toBe(5);
    expect((await movements()).slice(1)).toEqual([
      ["Gold", -1, 1, "sale", "shopper"],
      ["Gold", -1, 0, "sale", "shopper"],
    ]);
  });

  it("a cancelled order gives its units back to its colour, once", async () => {
    await setUp({ Gold: 3, Silver: 1 });
    const { order } = await cod(await shopper("Gold", 2), "Gold", "gold-cancel-0001", 2);
    expect([await colourRows(), await productStock()]).toEqual([{ Gold: 1, Silver: 1 }, 2]);
    await setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, now: NOW + 1000, actor: OWNER });
    await setOrderStatus(db, order.id, "Cancelled", { liveCredentials: false, now: NOW + 2000, actor: OWNER });
    expect([await colourRows(), await productStock()]).toEqual([{ Gold: 3, Silver: 1 }, 4]);
  });

  it("an import without stock keeps the colours' counts (dropping a colour the watch lost); one with a plain stock ends them", async () => {
    await setUp({ Gold: 2, Silver: 3 });
    await importCatalogue(db, [GOLD_WATCH]);
    expect([await colourRows(), await productStock()]).toEqual([{ Gold: 2, Silver: 3 }, 5]);
    await importCatalogue(db, [{ ...GOLD_WATCH, colours: ["Gold"] }]);
    expect([await colourRows(), await productStock()]).toEqual([{ Gold: 2 }, 2]);
    await importCatalogue(db, [{ ...GOLD_WATCH, stock: 7 }], undefined, { id: 1, email: "owner@example.com" });
    expect([await colourRows(), await productStock()]).toEqual([{}, 7]);
    expect(await movements()).toEqual([
      [null, 5, 5, "import", "cli"],
      [null, -3, 2, "import", "cli"],
      [null, 5, 7, "import", "owner@example.com"],
    ]);
  });

  it("the back office keeps colours apart and back, each change a movement by whom", async () => {
    await setUp(undefined, 4);
    const before = await getAdminProduct(db, "w-gold");
    const json = { ...productToJson(before!), stock: undefined, colourStock: { Gold: 1, Silver: 3 } };
    await updateProduct(db, "w-gold", json as never, OWNER, { canChangePrice: true, stockSeen: 4 });
    expect([await colourRows(), await productStock()]).toEqual([{ Gold: 1, Silver: 3 }, 4]);
    expect((await getAdminProduct(db, "w-gold"))?.colourStock).toEqual({ Gold: 1, Silver: 3 });
    const shared = { ...productToJson((await getAdminProduct(db, "w-gold"))!), colourStock: undefined, stock: 6 };
    await updateProduct(db, "w-gold", shared as never, OWNER, { canChangePrice: true, stockSeen: 4 });
    expect([await colourRows(), await productStock()]).toEqual([{}, 6]);
    expect(await movements()).toEqual([
      [null, 4, 4, "import", "cli"],
      ["Gold", 1, 1, "edit", OWNER.email],
      ["Silver", 3, 3, "edit", OWNER.email],
      [null, 2, 6, "edit", OWNER.email],
    ]);
  });
});
