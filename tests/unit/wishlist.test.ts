import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { translate } from "~/i18n/messages.server";
import { priceDropped, WISHLIST_LIMIT, WISHLIST_MESSAGES, wishlistConfirmPath } from "~/lib/wishlist";
import { hashToken } from "~/services/accounts.server";
import { importCatalogue } from "~/services/catalogue.server";
import { setProductHidden } from "~/services/products-admin.server";
import { shopperHeaderState } from "~/services/shopper-header.server";
import {
  isInWishlist,
  removeFromWishlist,
  saveToWishlist,
  wishlistItems,
} from "~/services/wishlist.server";
import { createShopper } from "../fakes/shop";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal } from "../setup/refusal";

/**
 * The wishlist (issue 24 item 2; docs/decisions/0710) on SQLite and PostgreSQL: saving and removing
 * are idempotent, a shopper keeps at most 100 watches, "Price dropped since you saved it" only when
 * today's price is below the saved one, hidden watches leave the list and the count, and one
 * shopper never reads or changes another's. Expected values are written out.
 */

const OWNER = { id: null, email: "owner@example.in" };
const SAVED_AT = Date.parse("2026-11-26T10:00:00+05:30");

describe("wishlist words (pure)", () => {
  it("says the price dropped only when it did", () => {
    expect([priceDropped(150_000, 149_999), priceDropped(150_000, 150_000), priceDropped(150_000, 150_001)]).toEqual([true, false, false]);
  });
  it("counts saved watches in each language and builds the confirm address", () => {
    expect([1, 2, 1000].map((count) => translate("en", "wishlist.saved", { count }))).toEqual(["1 watch saved", "2 watches saved", "1,000 watches saved"]);
    expect([1, 2, 1000].map((count) => translate("hi", "wishlist.saved", { count }))).toEqual(["1 घड़ी सेव है", "2 घड़ियाँ सेव हैं", "1,000 घड़ियाँ सेव हैं"]);
    expect(wishlistConfirmPath("w 1/x")).toBe("/wishlist?save=w%201%2Fx");
  });
});

describe.each(testDatabases())("wishlist on $name", ({ create }) => {
  let current: TestDatabase | undefined;
  let db: DB;

  /** `count` watches "w1" … at ₹1,000, ₹1,001 …, the first in Black or Steel. */
  async function setUp(count = 3) {
    current = await create();
    db = current.db;
    const result = await importCatalogue(
      db,
      Array.from({ length: count }, (_, index) => ({
        _id: `w${index + 1}`,
        name: `Wish Watch ${index + 1}`,
        image: ["/plain.svg"],
        price: 1000 + index,
        category: "Men",
        subCategory: "Casio",
        createdAt: "2025-01-01",
        ...(index === 0 ? { colours: ["Black", "Steel"] } : {}),
      })),
    );
    if (!result.ok) throw new Error("test catalogue is invalid");
  }
  /** A session for `userId` made at SAVED_AT, living 30 days: its token and expiry (ms). */
  async function session(userId: number) {
    const token = randomBytes(32).toString("base64url"); // a real session token's shape: 43 characters
    const expiresAt = SAVED_AT + 30 * 24 * 60 * 60_000;
    await db.insertInto("sessions").values({ token_hash: hashToken(token), user_id: userId, expires_at: expiresAt, created_at: SAVED_AT, last_seen_at: null }).execute();
    return { token, expiresAt };
  }
  afterEach(async () => {
    await current?.cleanup();
    current = undefined;
  });

  it("saves and removes idempotently, keeping the first saved price", async () => {
    await setUp();
    const asha = await createShopper(db);
    expect(await saveToWishlist(db, asha, "w2", SAVED_AT)).toEqual({ added: true });
    await db.updateTable("products").set({ price_paise: 90_000 }).where("id", "=", "w2").execute();
    expect(await saveToWishlist(db, asha, "w2", SAVED_AT + 1000)).toEqual({ added: false });
    const rows = await db.selectFrom("wishlist_items").selectAll().execute();
    expect(rows.map((row) => [Number(row.user_id), row.product_id, Number(row.price_paise), Number(row.saved_at)])).toEqual([[asha, "w2", 100_100, SAVED_AT]]);
    expect(await isInWishlist(db, asha, "w2")).toBe(true);
    expect(await removeFromWishlist(db, asha, "w2")).toEqual({ removed: true });
    expect(await removeFromWishlist(db, asha, "w2")).toEqual({ removed: false });
    expect(await isInWishlist(db, asha, "w2")).toBe(false);
    expect(await db.selectFrom("wishlist_items").selectAll().execute()).toEqual([]);
  });

  it("refuses an unknown or hidden watch with 404, and writes nothing", async () => {
    await setUp();
    const asha = await createShopper(db);
    const unknown = await refusal(saveToWishlist(db, asha, "no-such-watch"));
    expect([unknown.status, unknown.message]).toEqual([404, WISHLIST_MESSAGES.unknownProduct]);
    await setProductHidden(db, "w3", true, OWNER);
    expect((await refusal(saveToWishlist(db, asha, "w3"))).status).toBe(404);
    expect(await db.selectFrom("wishlist_items").selectAll().execute()).toEqual([]);
  });

  it("flags a price drop from the saved figure, and only then", async () => {
    await setUp();
    const asha = await createShopper(db);
    await saveToWishlist(db, asha, "w1", SAVED_AT); // ₹1,000
    await saveToWishlist(db, asha, "w2", SAVED_AT + 1); // ₹1,001
    await saveToWishlist(db, asha, "w3", SAVED_AT + 2); // ₹1,002
    await db.updateTable("products").set({ price_paise: 99_900 }).where("id", "=", "w1").execute(); // dropped to ₹999
    await db.updateTable("products").set({ price_paise: 100_500 }).where("id", "=", "w3").execute(); // rose to ₹1,005
    const items = await wishlistItems(db, asha);
    expect(items.map((item) => [item.product.id, item.savedPricePaise, item.product.pricePaise, item.priceDropped])).toEqual([
      ["w3", 100_200, 100_500, false],
      ["w2", 100_100, 100_100, false],
      ["w1", 100_000, 99_900, true],
    ]);
    expect(items[2].product.colours).toEqual(["Black", "Steel"]);
  });

  /** The header's count of saved watches for a session (services/shopper-header.server.ts), 0 for none. */
  const savedCount = async (token: string, now: number) => (await shopperHeaderState(db, token, now))?.savedIds.length ?? 0;
  /** The header's saved ids for a session, [] for none. */
  const savedIds = async (token: string, now: number) => (await shopperHeaderState(db, token, now))?.savedIds ?? [];

  it("leaves hidden watches out of the list and the count, and keeps them for when they return", async () => {
    await setUp();
    const asha = await createShopper(db);
    const { token } = await session(asha);
    await saveToWishlist(db, asha, "w1", SAVED_AT);
    await saveToWishlist(db, asha, "w2", SAVED_AT + 1);
    expect(await savedCount(token, SAVED_AT + 5)).toBe(2);
    await setProductHidden(db, "w1", true, OWNER);
    expect((await wishlistItems(db, asha)).map((item) => item.product.id)).toEqual(["w2"]);
    expect(await savedCount(token, SAVED_AT + 5)).toBe(1);
    await db.deleteFrom("products").where("id", "=", "w2").execute();
    expect(await wishlistItems(db, asha)).toEqual([]);
    expect(await savedCount(token, SAVED_AT + 5)).toBe(0);
    await setProductHidden(db, "w1", false, OWNER);
    expect((await wishlistItems(db, asha)).map((item) => item.product.id)).toEqual(["w1"]);
  });

  it("counts by session token: another shopper's list, an expired or unknown token count nothing", async () => {
    await setUp();
    const asha = await createShopper(db);
    const ravi = await createShopper(db);
    const ashaSession = await session(asha);
    const raviSession = await session(ravi);
    await saveToWishlist(db, asha, "w1", SAVED_AT);
    await saveToWishlist(db, asha, "w2", SAVED_AT);
    await saveToWishlist(db, ravi, "w3", SAVED_AT);
    expect(await savedCount(ashaSession.token, SAVED_AT + 5)).toBe(2);
    expect(await savedCount(raviSession.token, SAVED_AT + 5)).toBe(1);
    expect(await savedCount("not-a-session", SAVED_AT + 5)).toBe(0);
    expect(await savedCount(ashaSession.token, ashaSession.expiresAt + 1)).toBe(0);
    // Ravi removing Asha's watch changes nothing of hers.
    expect(await removeFromWishlist(db, ravi, "w1")).toEqual({ removed: false });
    expect((await wishlistItems(db, asha)).map((item) => item.product.id).sort()).toEqual(["w1", "w2"]);
    expect((await wishlistItems(db, ravi)).map((item) => item.product.id)).toEqual(["w3"]);
  });

  it("gives a session's saved watches in catalogue order, and none for another's, an expired or unknown token", async () => {
    await setUp();
    const asha = await createShopper(db);
    const ravi = await createShopper(db);
    const ashaSession = await session(asha);
    const raviSession = await session(ravi);
    await saveToWishlist(db, asha, "w1", SAVED_AT);
    await saveToWishlist(db, asha, "w3", SAVED_AT);
    await saveToWishlist(db, ravi, "w2", SAVED_AT);
    expect(await savedIds(ashaSession.token, SAVED_AT + 5)).toEqual(["w1", "w3"]);
    expect(await savedIds(raviSession.token, SAVED_AT + 5)).toEqual(["w2"]);
    expect(await savedIds("not-a-session", SAVED_AT + 5)).toEqual([]);
    expect(await savedIds(ashaSession.token, ashaSession.expiresAt + 1)).toEqual([]);
  });

  it("answers the header's cart count and role with the saved ids: shown products' positive lines only", async () => {
    await setUp();
    const asha = await createShopper(db);
    const { token, expiresAt } = await session(asha);
    await db
      .insertInto("cart_lines")
      .values([
        { user_id: asha, product_id: "w1", size_key: "Black", quantity: 2 },
        { user_id: asha, product_id: "w1", size_key: "Steel", quantity: 1 },
        { user_id: asha, product_id: "w2", size_key: "default", quantity: 4 },
        { user_id: asha, product_id: "w3", size_key: "default", quantity: 0 },
        { user_id: asha, product_id: "gone", size_key: "default", quantity: 5 },
      ])
      .execute();
    await saveToWishlist(db, asha, "w2", SAVED_AT);
    expect(await shopperHeaderState(db, token, SAVED_AT + 5)).toEqual({ userId: asha, staff: false, cartCount: 7, savedIds: ["w2"], savedAddress: false });
    // A hidden watch's lines and mark leave the header, as they leave the cart page and the list.
    await setProductHidden(db, "w2", true, OWNER);
    expect(await shopperHeaderState(db, token, SAVED_AT + 5)).toEqual({ userId: asha, staff: false, cartCount: 3, savedIds: [], savedAddress: false });
    await db.insertInto("saved_addresses").values({ user_id: asha, address_json: "{}", is_default: 1, created_at: SAVED_AT, updated_at: SAVED_AT }).execute();
    expect((await shopperHeaderState(db, token, SAVED_AT + 5))?.savedAddress).toBe(true);
    await db.updateTable("users").set({ role: "staff" }).where("id", "=", asha).execute();
    expect((await shopperHeaderState(db, token, SAVED_AT + 5))?.staff).toBe(true);
    expect(await shopperHeaderState(db, token, expiresAt)).toBeNull();
    expect(await shopperHeaderState(db, "x".repeat(43), SAVED_AT + 5)).toBeNull();
  });

  it(`keeps at most ${WISHLIST_LIMIT} watches, refusing the next with 409 and its sentence`, async () => {
    await setUp(WISHLIST_LIMIT + 2);
    const asha = await createShopper(db);
    await db
      .insertInto("wishlist_items")
      .values(Array.from({ length: WISHLIST_LIMIT }, (_, index) => ({ user_id: asha, product_id: `w${index + 1}`, price_paise: 100_000, saved_at: SAVED_AT })))
      .execute();
    // A watch already saved is still fine (nothing new is kept).
    expect(await saveToWishlist(db, asha, "w1")).toEqual({ added: false });
    const full = await refusal(saveToWishlist(db, asha, `w${WISHLIST_LIMIT + 1}`));
    expect([full.status, full.message]).toEqual([409, "Your wishlist is full: it keeps up to 100 watches. Remove one to save another."]);
    const { count } = await db.selectFrom("wishlist_items").select((eb) => eb.fn.countAll<string | number>().as("count")).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(WISHLIST_LIMIT);
    // A flood of adds in parallel stays at the limit too.
    const other = await createShopper(db);
    const results = await Promise.allSettled(Array.from({ length: WISHLIST_LIMIT + 2 }, (_, index) => saveToWishlist(db, other, `w${index + 1}`)));
    expect(results.filter((result) => result.status === "fulfilled").length).toBe(WISHLIST_LIMIT);
    expect((await wishlistItems(db, other)).length).toBe(WISHLIST_LIMIT);
    await removeFromWishlist(db, asha, "w1");
    expect(await saveToWishlist(db, asha, `w${WISHLIST_LIMIT + 1}`)).toEqual({ added: true });
  });
});
