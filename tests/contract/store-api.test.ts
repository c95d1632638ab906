import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpBackend } from "~/backend/http.server";
import { createLocalBackend } from "~/backend/local.server";
import { BackendError, type Backend } from "~/backend/types";
import { createDatabase, type DB } from "~/db/db.server";
import { seedDemoCatalogueIfEmpty } from "~/services/catalogue.server";
import { productJsonSchema, type Product } from "~/schemas/product";
import { listProducts } from "~/services/catalogue.server";
import { startContractServer, type ContractServer } from "../setup/contract-server";
import { testDatabases } from "../setup/databases";

/**
 * One contract suite for both backend adapters (DESIGN.md §3, §14): the same cases run against the
 * local adapter (services in this process, on SQLite and, with TEST_DATABASE_URL, PostgreSQL) and
 * the http adapter (this app's production build served by remix-serve on loopback). Then the
 * rules only the wire has (JSON only, token header, origin, sizes, rate limits) against the server.
 */

type Target = { backend: Backend; db: DB; stop: () => Promise<void> };

let server: Promise<ContractServer> | undefined;
/** The one loopback server of this file, started on first use. */
function contractServer(): Promise<ContractServer> {
  server ??= startContractServer();
  return server;
}

afterAll(async () => {
  if (server) await (await server).stop();
}, 30_000);

const localTargets = testDatabases().map((kind) => ({
  name: `local adapter on ${kind.name}`,
  start: async (): Promise<Target> => {
    const { db, cleanup } = await kind.create();
    await seedDemoCatalogueIfEmpty(db);
    return { backend: createLocalBackend(async () => db), db, stop: cleanup };
  },
}));

const httpTarget = {
  name: "http adapter against remix-serve",
  start: async (): Promise<Target> => {
    const { baseUrl, databaseFile } = await contractServer();
    const db = createDatabase(`file:${databaseFile}`);
    return { backend: createHttpBackend(baseUrl), db, stop: () => db.destroy() };
  },
};

/** A shopper no other case uses (the per-email rate limit counts 5 a minute). */
function newShopper(label: string) {
  return {
    name: "Asha Rao",
    email: `${label}-${crypto.randomBytes(5).toString("hex")}@example.com`,
    password: "correct horse 42",
  };
}

/** What a refused call reports: the BackendError's status and sentence. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(BackendError);
  return { status: (error as BackendError).status, message: (error as BackendError).message };
}

/** Every row a refused call must leave alone. */
async function snapshot(db: DB) {
  return {
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
    sessions: await db.selectFrom("sessions").selectAll().orderBy("token_hash").execute(),
    cartLines: await db.selectFrom("cart_lines").selectAll().orderBy("user_id").orderBy("product_id").orderBy("size_key").execute(),
  };
}

const EXPIRED = { status: 401, message: "Your session has expired. Please log in again." };
const INVALID_QUANTITY = { status: 400, message: "Quantity must be a whole number from 0 to 3." };
/** Above what one order may have of a watch (issue 43 item 3; docs/decisions/0930). */
const QUANTITY_CAP = "You can have at most 3 of one watch in your cart. For a larger order, please contact the store.";
const UNKNOWN_PRODUCT = { status: 404, message: "This watch is not in our catalogue." };

describe.each([...localTargets, httpTarget])("Store API contract: $name", ({ start }) => {
  let target: Target;
  let plain: Product;
  let coloured: Product;

  beforeAll(async () => {
    target = await start();
    const products = await target.backend.listProducts();
    plain = products.find((p) => p.colours.length === 0)!;
    coloured = products.find((p) => p.colours.length >= 2)!;
    expect(plain, "the demo catalogue has a product without colours").toBeDefined();
    expect(coloured, "the demo catalogue has a product with two colours").toBeDefined();
  }, 240_000);
  afterAll(async () => target?.stop());

  it("listproduct answers the stored catalogue in order, money in paise", async () => {
    const products = await target.backend.listProducts();
    expect(products.length).toBeGreaterThan(0);
    expect(products).toEqual(await listProducts(target.db));
  });

  it("register answers a fresh token; login answers another; both read the same empty cart", async () => {
    const shopper = newShopper("register");
    const registered = await target.backend.register(shopper);
    const loggedIn = await target.backend.login({ email: shopper.email, password: shopper.password });
    expect(registered.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loggedIn.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(loggedIn.token).not.toBe(registered.token);
    expect(await target.backend.getCart(registered.token)).toEqual({});
    expect(await target.backend.getCart(loggedIn.token)).toEqual({});
  });

  it("emails are trimmed and lower-cased", async () => {
    const shopper = newShopper("case");
    await target.backend.register({ ...shopper, email: `  ${shopper.email.toUpperCase()} ` });
    const user = await target.db.selectFrom("users").select("email").where("email", "=", shopper.email).executeTakeFirst();
    expect(user).toEqual({ email: shopper.email });
    await target.backend.login({ email: shopper.email, password: shopper.password });
  });

  it("refuses bad sign-ups and logins with clear messages, never 500, writing nothing", async () => {
    const shopper = newShopper("refuse");
    await target.backend.register(shopper);
    const before = await snapshot(target.db);
    const cases: [() => Promise<unknown>, { status: number; message: string }][] = [
      [() => target.backend.register({ ...shopper, email: shopper.email.toUpperCase() }), { status: 409, message: "An account with this email already exists. Please log in." }],
      [() => target.backend.register({ ...newShopper("bad"), email: "not-an-email" }), { status: 400, message: "Please enter a valid email address." }],
      [() => target.backend.register({ ...newShopper("short"), password: "correct hor" }), { status: 400, message: "Your password must be at least 12 characters." }],
      [() => target.backend.register({ ...newShopper("common"), password: "password1234" }), { status: 400, message: "This password is too common. Please choose another." }],
      [() => target.backend.register({ ...newShopper("long"), password: "x".repeat(129) }), { status: 400, message: "Your password must be at most 128 characters." }],
      [() => target.backend.register({ ...newShopper("noname"), name: "" }), { status: 400, message: "Please enter your name." }],
      [() => target.backend.register({ email: "x@example.com", password: "correct horse 42" } as never), { status: 400, message: "Please enter your name." }],
      [() => target.backend.login({ email: shopper.email, password: "wrong password" }), { status: 401, message: "Invalid email or password." }],
      [() => target.backend.login({ email: `nobody-${shopper.email}`, password: shopper.password }), { status: 401, message: "Invalid email or password." }],
      [() => target.backend.login({ email: shopper.email } as never), { status: 400, message: "Please enter your password." }],
    ];
    for (const [call, expected] of cases) expect(await refusal(call())).toEqual(expected);
    expect(await snapshot(target.db)).toEqual(before);
  });

  it("add increments; update sets; quantity 0 removes", async () => {
    const { token } = await target.backend.register(newShopper("cart"));
    const [black, silver] = coloured.colours;
    await target.backend.addToCart(token, plain.id, "default");
    await target.backend.addToCart(token, plain.id, "default");
    await target.backend.addToCart(token, coloured.id, silver);
    await target.backend.addToCart(token, coloured.id, black);
    expect(await target.backend.getCart(token)).toEqual({
      [plain.id]: { default: 2 },
      [coloured.id]: { [black]: 1, [silver]: 1 },
    });
    await target.backend.updateCart(token, plain.id, "default", 3);
    await target.backend.updateCart(token, coloured.id, black, 0);
    expect(await target.backend.getCart(token)).toEqual({ [plain.id]: { default: 3 }, [coloured.id]: { [silver]: 1 } });
  });

  it("refuses bad cart calls with clear messages, never 500, changing nothing", async () => {
    const { token } = await target.backend.register(newShopper("badcart"));
    await target.backend.addToCart(token, plain.id, "default");
    const before = await snapshot(target.db);
    const b = target.backend;
    const cases: [() => Promise<unknown>, { status: number; message: string }][] = [
      [() => b.addToCart(token, plain.id, ""), { status: 400, message: "Please select a size" }],
      [() => b.addToCart(token, plain.id, undefined as never), { status: 400, message: "Please select a size" }],
      [() => b.addToCart(token, coloured.id, "default"), { status: 400, message: "Please select a colour." }],
      [() => b.addToCart(token, coloured.id, "Plaid"), { status: 400, message: "Please select a colour." }],
      [() => b.addToCart(token, "no-such-watch", "default"), UNKNOWN_PRODUCT],
      [() => b.updateCart(token, "no-such-watch", "default", 2), UNKNOWN_PRODUCT],
      [() => b.updateCart(token, plain.id, "default", -1), INVALID_QUANTITY],
      [() => b.updateCart(token, plain.id, "default", 0.5), INVALID_QUANTITY],
      [() => b.updateCart(token, plain.id, "default", "abc" as never), INVALID_QUANTITY],
      [() => b.updateCart(token, plain.id, "default", 1e9), { status: 400, message: QUANTITY_CAP }],
      [() => b.updateCart(token, plain.id, "default", 100), { status: 400, message: QUANTITY_CAP }],
      [() => b.updateCart(token, plain.id, "default", 4), { status: 400, message: QUANTITY_CAP }],
    ];
    for (const [call, expected] of cases) expect(await refusal(call())).toEqual(expected);
    expect(await snapshot(target.db)).toEqual(before);
  });

  it("a line stops at 3, what one order may have of a watch: one more add is refused with 409 (issue 43 item 3)", async () => {
    const { token } = await target.backend.register(newShopper("cap"));
    await target.backend.updateCart(token, plain.id, "default", 3);
    expect(await refusal(target.backend.addToCart(token, plain.id, "default"))).toEqual({ status: 409, message: QUANTITY_CAP });
    expect(await target.backend.getCart(token)).toEqual({ [plain.id]: { default: 3 } });
  });

  it("another shopper's token can neither read nor change this cart", async () => {
    const asha = await target.backend.register(newShopper("asha"));
    const ravi = await target.backend.register(newShopper("ravi"));
    await target.backend.addToCart(asha.token, plain.id, "default");
    expect(await target.backend.getCart(ravi.token)).toEqual({});
    await target.backend.updateCart(ravi.token, plain.id, "default", 3);
    await target.backend.updateCart(ravi.token, plain.id, "default", 0);
    expect(await target.backend.getCart(asha.token)).toEqual({ [plain.id]: { default: 1 } });
    expect(await target.backend.getCart(ravi.token)).toEqual({});
  });

  it("refuses a missing, unknown, expired or revoked token, changing nothing", async () => {
    const shopper = newShopper("tokens");
    const { token } = await target.backend.register(shopper);
    await target.backend.addToCart(token, plain.id, "default");
    const other = await target.backend.login({ email: shopper.email, password: shopper.password });
    const before = await snapshot(target.db);

    expect(await refusal(target.backend.getCart(""))).toEqual({ status: 401, message: "Please log in to continue." });
    const forged = crypto.randomBytes(32).toString("base64url");
    expect(await refusal(target.backend.getCart(forged))).toEqual(EXPIRED);
    expect(await refusal(target.backend.addToCart(forged, plain.id, "default"))).toEqual(EXPIRED);
    expect(await refusal(target.backend.updateCart(forged, plain.id, "default", 3))).toEqual(EXPIRED);
    expect(await snapshot(target.db)).toEqual(before);

    // Expired: the row's 30 days are over.
    const hash = crypto.createHash("sha256").update(other.token).digest("hex");
    await target.db.updateTable("sessions").set({ expires_at: Date.now() - 1 }).where("token_hash", "=", hash).execute();
    expect(await refusal(target.backend.updateCart(other.token, plain.id, "default", 2))).toEqual(EXPIRED);
    expect(await target.db.selectFrom("sessions").select("token_hash").where("token_hash", "=", hash).execute()).toEqual([]);

    // Revoked by logout; logging out again is harmless.
    await target.backend.logout(token);
    await target.backend.logout(token);
    expect(await refusal(target.backend.getCart(token))).toEqual(EXPIRED);
    expect(await refusal(target.backend.addToCart(token, plain.id, "default"))).toEqual(EXPIRED);
    expect((await snapshot(target.db)).cartLines).toEqual(before.cartLines);

    // The cart waits on the server for the next login.
    const again = await target.backend.login({ email: shopper.email, password: shopper.password });
    expect(await target.backend.getCart(again.token)).toEqual({ [plain.id]: { default: 1 } });
  });
});

describe("Store API over the wire (remix-serve on loopback)", () => {
  let baseUrl: string;
  let db: DB;
  let product: string;

  beforeAll(async () => {
    const started = await contractServer();
    baseUrl = started.baseUrl;
    db = createDatabase(`file:${started.databaseFile}`);
    const answer = await (await fetch(`${baseUrl}/api/product/listproduct`)).json();
    product = answer.products.find((p: { colours: string[] }) => p.colours.length === 0)._id;
  }, 240_000);
  afterAll(async () => db?.destroy());

  async function post(path: string, init: { body?: string; json?: unknown; headers?: Record<string, string>; token?: string } = {}) {
    const response = await fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: {
        ...(init.json !== undefined ? { "content-type": "application/json" } : {}),
        ...(init.token ? { token: init.token } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      redirect: "manual",
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
    return { status: response.status, headers: response.headers, json };
  }

  async function register(label: string) {
    const shopper = newShopper(label);
    const answer = await post("/api/user/register", { json: shopper });
    expect(answer.status).toBe(200);
    return { ...shopper, token: (answer.json as { token: string }).token };
  }

  it("GET /api/product/listproduct answers {success, products} in the listproduct shape", async () => {
    const response = await fetch(`${baseUrl}/api/product/listproduct`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.products.length).toBeGreaterThan(0);
    for (const item of body.products) expect(productJsonSchema.safeParse(item).success, item._id).toBe(true);
  });

  it("keeps an idle connection 65 s and says so, longer than nginx keeps one to it (60 s): no request sent on a connection the server is closing", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    await response.text();
    expect(response.headers.get("keep-alive")).toBe("timeout=65");
  });

  it("answers exactly the contract's shapes on success", async () => {
    const shopper = newShopper("shapes");
    const registered = await post("/api/user/register", { json: shopper });
    expect(registered).toMatchObject({ status: 200, json: { success: true, token: expect.any(String) } });
    expect(Object.keys(registered.json as object).sort()).toEqual(["success", "token"]);
    const loggedIn = await post("/api/user/login", { json: { email: shopper.email, password: shopper.password } });
    expect(Object.keys(loggedIn.json as object).sort()).toEqual(["success", "token"]);
    const token = (loggedIn.json as { token: string }).token;
    expect(await post("/api/cart/add", { json: { itemId: product, size: "default" }, token })).toMatchObject({
      status: 200,
      json: { success: true, message: "Item added to cart!" },
    });
    expect(await post("/api/cart/update", { json: { itemId: product, size: "default", quantity: 3 }, token })).toMatchObject({
      status: 200,
      json: { success: true, message: "Cart updated." },
    });
    expect(await post("/api/cart/get", { json: {}, token })).toMatchObject({
      status: 200,
      json: { success: true, cartData: { [product]: { default: 3 } } },
    });
    // SPEC.md §7 calls cart/get's body "empty": no body at all reads as {}.
    expect((await post("/api/cart/get", { headers: { "content-type": "application/json" }, token })).status).toBe(200);
  });

  it("refuses what is not a JSON POST with the right status and a sentence, never 500, changing nothing", async () => {
    const { token } = await register("wire");
    const before = await snapshot(db);
    const cases: [() => Promise<{ status: number; json: unknown; headers: Headers }>, number, string][] = [
      [() => post("/api/cart/add", { body: '{"itemId":', headers: { "content-type": "application/json" }, token }), 400, "The body is not valid JSON."],
      [() => post("/api/cart/add", { body: JSON.stringify({ itemId: product, size: "default" }), headers: { "content-type": "text/plain" }, token }), 415, "Please send the body as JSON (Content-Type: application/json)."],
      [() => post("/api/cart/add", { body: `itemId=${product}&size=default`, headers: { "content-type": "application/x-www-form-urlencoded" }, token }), 415, "Please send the body as JSON (Content-Type: application/json)."],
      [() => post("/api/cart/add", { body: JSON.stringify({ itemId: product, size: "default" }), token }), 415, "Please send the body as JSON (Content-Type: application/json)."],
      [() => post("/api/user/register", { body: JSON.stringify({ name: "x".repeat(20_000) }), headers: { "content-type": "application/json" } }), 413, "The body is too large."],
      [() => post("/api/cart/add", { json: [product, "default"], token }), 400, "Please send the fields as a JSON object."],
      [() => post("/api/cart/update", { json: { itemId: product, size: "default", quantity: "abc" }, token }), 400, "Quantity must be a whole number from 0 to 3."],
      [() => post("/api/cart/update", { json: { itemId: product, size: "default", quantity: 1e9 }, token }), 400, QUANTITY_CAP],
      [() => post("/api/cart/add", { json: { itemId: "nope", size: "default" }, token }), 404, "This watch is not in our catalogue."],
      [() => post("/api/cart/get", { json: {} }), 401, "Please log in to continue."],
      [() => post("/api/cart/get", { json: {}, token: "x" }), 401, "Your session has expired. Please log in again."],
      [() => post("/api/cart/get", { json: {}, token, headers: { origin: "https://evil.example" } }), 403, "This request came from another site and was refused."],
      [() => post("/api/user/login", { json: { email: "a@example.com", password: "x" }, headers: { origin: "null" } }), 403, "This request came from another site and was refused."],
      [() => post("/api/cart/add", { json: { itemId: product, size: "default" }, token, headers: { "sec-fetch-site": "cross-site" } }), 403, "This request came from another site and was refused."],
    ];
    for (const [call, status, message] of cases) {
      const answer = await call();
      expect({ status: answer.status, json: answer.json }).toEqual({ status, json: { success: false, message } });
    }
    for (const path of ["/api/cart/get", "/api/cart/add", "/api/cart/update", "/api/user/login", "/api/user/register", "/api/user/logout"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toEqual({ success: false, message: "Please use POST for this call." });
    }
    expect(await snapshot(db)).toEqual(before);
    // Our own origin is welcome.
    expect((await post("/api/cart/get", { json: {}, token, headers: { origin: baseUrl } })).status).toBe(200);
  });

  it("a body userId naming another shopper changes nothing: the token decides whose cart it is", async () => {
    const asha = await register("asha");
    const ravi = await register("ravi");
    const raviId = (await db.selectFrom("users").select("id").where("email", "=", ravi.email).executeTakeFirstOrThrow()).id;
    await post("/api/cart/add", { json: { itemId: product, size: "default" }, token: ravi.token });

    const read = await post("/api/cart/get", { json: { userId: raviId }, token: asha.token });
    expect(read).toMatchObject({ status: 200, json: { success: true, cartData: {} } });
    await post("/api/cart/add", { json: { itemId: product, size: "default", userId: raviId }, token: asha.token });
    await post("/api/cart/update", { json: { itemId: product, size: "default", quantity: 0, userId: raviId }, token: asha.token });
    // `discount`: the cart's code (issue 47 item 6), none here.
    expect((await post("/api/cart/get", { json: {}, token: ravi.token })).json).toEqual({
      success: true,
      cartData: { [product]: { default: 1 } },
      discount: null,
    });
    expect((await post("/api/cart/get", { json: {}, token: asha.token })).json).toEqual({ success: true, cartData: {}, discount: null });
  });

  it("a session cookie alone never authorises an API call", async () => {
    const shopper = await register("cookie");
    const login = await fetch(`${baseUrl}/login`, {
      method: "POST",
      body: new URLSearchParams({ email: shopper.email, password: shopper.password }),
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    const cookie = (login.headers.get("set-cookie") ?? "").match(/__session=[^;]+/)?.[0];
    expect(cookie).toBeDefined();
    const answer = await post("/api/cart/get", { json: {}, headers: { cookie: cookie! } });
    expect(answer).toEqual(expect.objectContaining({ status: 401, json: { success: false, message: "Please log in to continue." } }));
  });

  it("logout over the API revokes the token", async () => {
    const { token } = await register("logout");
    expect(await post("/api/user/logout", { json: {}, token })).toMatchObject({ status: 200, json: { success: true } });
    expect((await post("/api/cart/get", { json: {}, token })).status).toBe(401);
    expect((await post("/api/user/logout", { json: {} })).status).toBe(401);
  });

  it("rate-limits login failures per account: the 6th attempt after 5 failures in a minute gets 429, even with the right password", async () => {
    const shopper = await register("limit");
    const before = await snapshot(db);
    for (let i = 0; i < 5; i++) {
      const answer = await post("/api/user/login", { json: { email: shopper.email, password: `wrong ${i}` } });
      expect(answer.status).toBe(401);
    }
    const limited = await post("/api/user/login", { json: { email: shopper.email.toUpperCase(), password: shopper.password } });
    expect({ status: limited.status, json: limited.json }).toEqual({
      status: 429,
      json: { success: false, message: "Too many attempts. Please wait a minute and try again." },
    });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await snapshot(db)).toEqual(before);
  });

  it("rate-limits sign-up and login per client address (behind a trusted proxy)", async () => {
    const address = `198.51.100.${crypto.randomInt(1, 254)}`;
    const headers = { "x-forwarded-for": address };
    for (let i = 0; i < 5; i++) {
      const answer = await post("/api/user/login", { json: { email: newShopper("ip").email, password: "whatever 1" }, headers });
      expect(answer.status).toBe(401);
    }
    const before = await snapshot(db);
    const limited = await post("/api/user/register", { json: newShopper("ip"), headers });
    expect({ status: limited.status, json: limited.json }).toEqual({
      status: 429,
      json: { success: false, message: "Too many attempts. Please wait a minute and try again." },
    });
    expect(await snapshot(db)).toEqual(before);
    // Another address is not affected.
    expect((await post("/api/user/register", { json: newShopper("ip"), headers: { "x-forwarded-for": "192.0.2.77" } })).status).toBe(200);
  });
});
