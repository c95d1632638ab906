import { afterEach, describe, expect, it } from "vitest";
import { BackendError } from "~/backend/types";
import { buildCartLines, cartTotals, parseQuantityInput, sizeLabel } from "~/lib/cart-lines";
import type { DB } from "~/db/db.server";
import { addCartItem, getCartData, updateCartItem } from "~/services/carts.server";
import { importCatalogue } from "~/services/catalogue.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

const base = { image: ["/w.svg"], category: "Men", subCategory: "Casio", createdAt: "2025-01-01" } as const;
const CATALOGUE = [
  { ...base, _id: "plain", name: "Plain Watch", price: 1500 },
  { ...base, _id: "duo", name: "Two Tone", price: 2499.5, colours: ["Black", "Silver"] },
];

async function setUp(create: () => Promise<TestDatabase>) {
  const database = await create();
  const { db } = database;
  expect(await importCatalogue(db, CATALOGUE)).toEqual({ ok: true, imported: 2 });
  const users: number[] = [];
  for (const email of ["asha@example.com", "ravi@example.com"]) {
    const row = await db
      .insertInto("users")
      .values({ name: "Shopper", email, password_hash: "x", created_at: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    users.push(Number(row.id));
  }
  return { database, db, asha: users[0], ravi: users[1] };
}

async function lines(db: DB) {
  return db.selectFrom("cart_lines").selectAll().orderBy("user_id").orderBy("product_id").orderBy("size_key").execute();
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendError);
  return { status: (error as BackendError).status, message: (error as BackendError).message };
}

describe.each(testDatabases())("carts on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("adds under the default key or a colour, and adding again increments the line", async () => {
    const { database, db, asha } = await setUp(create);
    current = database;
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    await addCartItem(db, asha, { itemId: "duo", size: "Silver" });
    await addCartItem(db, asha, { itemId: "duo", size: "Black" });
    expect(await getCartData(db, asha)).toEqual({ duo: { Black: 1, Silver: 1 }, plain: { default: 2 } });
  });

  it.each([
    ["no key at all", { itemId: "plain" }, 400, "Please select a size"],
    ["an empty key", { itemId: "duo", size: " " }, 400, "Please select a size"],
    ["no colour for a product with colours", { itemId: "duo", size: "default" }, 400, "Please select a colour."],
    ["a colour the product does not have", { itemId: "duo", size: "Gold" }, 400, "Please select a colour."],
    ["a colour for a product without colours", { itemId: "plain", size: "Black" }, 400, 'This watch comes in one style only: add it with size "default".'],
    ["an unknown product", { itemId: "nope", size: "default" }, 404, "This watch is not in our catalogue."],
    ["a malformed product id", { itemId: "../etc", size: "default" }, 400, "This watch is not in our catalogue."],
    ["no product id", { size: "default" }, 400, "Please choose a product."],
  ])("refuses to add with %s, writing nothing", async (_case, input, status, message) => {
    const { database, db, asha } = await setUp(create);
    current = database;
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    const before = await lines(db);
    expect(await failure(addCartItem(db, asha, input))).toEqual({ status, message });
    expect(await lines(db)).toEqual(before);
  });

  it("update sets the quantity, creates a missing line, and 0 removes the line", async () => {
    const { database, db, asha } = await setUp(create);
    current = database;
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    await updateCartItem(db, asha, { itemId: "plain", size: "default", quantity: 3 });
    await updateCartItem(db, asha, { itemId: "duo", size: "Black", quantity: 2 });
    expect(await getCartData(db, asha)).toEqual({ duo: { Black: 2 }, plain: { default: 3 } });
    await updateCartItem(db, asha, { itemId: "plain", size: "default", quantity: 0 });
    expect(await getCartData(db, asha)).toEqual({ duo: { Black: 2 } });
    // Removing a line that is not there changes nothing and is not an error.
    await updateCartItem(db, asha, { itemId: "plain", size: "default", quantity: 0 });
    expect(await getCartData(db, asha)).toEqual({ duo: { Black: 2 } });
  });

  it.each([
    ["-1", -1, "Quantity must be a whole number from 0 to 3."],
    ["0.5", 0.5, "Quantity must be a whole number from 0 to 3."],
    ['"abc"', "abc", "Quantity must be a whole number from 0 to 3."],
    ["missing", undefined, "Quantity must be a whole number from 0 to 3."],
    ["NaN", Number.NaN, "Quantity must be a whole number from 0 to 3."],
    ['"2" as text', "2", "Quantity must be a whole number from 0 to 3."],
    // Issue 43 item 3: above what one order may have of a watch, the cap's sentence.
    ["4", 4, "You can have at most 3 of one watch in your cart. For a larger order, please contact the store."],
    ["100", 100, "You can have at most 3 of one watch in your cart. For a larger order, please contact the store."],
    ["10^9", 1e9, "You can have at most 3 of one watch in your cart. For a larger order, please contact the store."],
  ])("refuses quantity %s with 400 and changes nothing", async (_case, quantity, message) => {
    const { database, db, asha } = await setUp(create);
    current = database;
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    const before = await lines(db);
    expect(await failure(updateCartItem(db, asha, { itemId: "plain", size: "default", quantity }))).toEqual({ status: 400, message });
    expect(await lines(db)).toEqual(before);
  });

  it("refuses updates of unknown products (404) but lets a line of a product that left the catalogue be removed", async () => {
    const { database, db, asha } = await setUp(create);
    current = database;
    expect(await failure(updateCartItem(db, asha, { itemId: "nope", size: "default", quantity: 2 }))).toEqual({
      status: 404,
      message: "This watch is not in our catalogue.",
    });
    expect(await failure(updateCartItem(db, asha, { itemId: "nope", size: "default", quantity: 0 }))).toEqual({
      status: 404,
      message: "This watch is not in our catalogue.",
    });
    expect(await lines(db)).toEqual([]);

    await db.insertInto("cart_lines").values({ user_id: asha, product_id: "retired", size_key: "default", quantity: 2 }).execute();
    expect(await getCartData(db, asha)).toEqual({ retired: { default: 2 } });
    await updateCartItem(db, asha, { itemId: "retired", size: "default", quantity: 0 });
    expect(await getCartData(db, asha)).toEqual({});
  });

  it("caps a line at 3, what one order may have of a watch: a 4th add is refused with 409 (issue 43 item 3)", async () => {
    const { database, db, asha } = await setUp(create);
    current = database;
    await updateCartItem(db, asha, { itemId: "plain", size: "default", quantity: 2 });
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    expect(await failure(addCartItem(db, asha, { itemId: "plain", size: "default" }))).toEqual({
      status: 409,
      message: "You can have at most 3 of one watch in your cart. For a larger order, please contact the store.",
    });
    expect(await getCartData(db, asha)).toEqual({ plain: { default: 3 } });
  });

  it("keeps every shopper's cart to themselves", async () => {
    const { database, db, asha, ravi } = await setUp(create);
    current = database;
    await addCartItem(db, asha, { itemId: "duo", size: "Black" });
    await addCartItem(db, asha, { itemId: "plain", size: "default" });
    expect(await getCartData(db, ravi)).toEqual({});

    await addCartItem(db, ravi, { itemId: "duo", size: "Black" });
    await updateCartItem(db, ravi, { itemId: "plain", size: "default", quantity: 3 });
    await updateCartItem(db, ravi, { itemId: "duo", size: "Black", quantity: 0 });
    expect(await getCartData(db, asha)).toEqual({ duo: { Black: 1 }, plain: { default: 1 } });
    expect(await getCartData(db, ravi)).toEqual({ plain: { default: 3 } });
  });
});

describe("cart page helpers", () => {
  const products = [
    { id: "a", name: "Alpha", images: ["/a.svg"], pricePaise: 150_000 },
    { id: "b", name: "Beta", images: ["/b.svg", "/b2.svg"], pricePaise: 249_950 },
  ];
  // As Backend getProducts answers: by id, in catalogue order.
  const catalogue = new Map(products.map((p) => [p.id, p]));

  it("skips unknown products and empty lines, and orders lines by catalogue position then key", () => {
    const cart = { gone: { default: 3 }, b: { Silver: 1, Black: 2 }, a: { default: 1, Zero: 0 } };
    expect(buildCartLines(cart, catalogue)).toEqual([
      { productId: "a", name: "Alpha", image: "/a.svg", pricePaise: 150_000, sizeKey: "default", quantity: 1 },
      { productId: "b", name: "Beta", image: "/b.svg", pricePaise: 249_950, sizeKey: "Black", quantity: 2 },
      { productId: "b", name: "Beta", image: "/b.svg", pricePaise: 249_950, sizeKey: "Silver", quantity: 1 },
    ]);
  });

  it("totals in paise: free shipping, total = subtotal, 0 when empty", () => {
    const lines = buildCartLines({ a: { default: 2 }, b: { Black: 1 } }, catalogue);
    expect(cartTotals(lines)).toEqual({ subtotalPaise: 549_950, deliveryFeePaise: 0, totalPaise: 549_950 });
    expect(cartTotals([])).toEqual({ subtotalPaise: 0, deliveryFeePaise: 0, totalPaise: 0 });
  });

  it("reads only whole quantities from 1 to 3 from the input (SPEC.md §5; issue 43 item 3)", () => {
    expect(parseQuantityInput("1")).toBe(1);
    expect(parseQuantityInput(" 2 ")).toBe(2);
    expect(parseQuantityInput("3")).toBe(3);
    for (const ignored of ["", "0", "-1", "1.5", "abc", "1e3", "4", "99", "100", "1000000000"]) {
      expect(parseQuantityInput(ignored), ignored).toBeNull();
    }
  });

  it("labels the default key 'Standard' and a colour as itself", () => {
    expect(sizeLabel("default")).toBe("Standard");
    expect(sizeLabel("Black")).toBe("Black");
  });
});
