import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import he from "he";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import type { DB } from "~/db/db.server";
import { setOrderStatus } from "~/services/orders.server";
import { ADDRESS } from "../fixtures/address";
import { buildProofApp, createProofDatabase, proofServer, type ProofDatabase, type ProofServer } from "../setup/proof-server";
import { logInCookie, registerShopper, type RegisteredShopper } from "../setup/shoppers";

/**
 * Issue 43 items 6 and 8, repeated against the production build on SQLite with mail written to
 * files (no SMTP_URL: `outbox/` beside the database, as the README's quick start runs):
 * - item 6: after "Delete my account" no `.eml` file of the shopper's mail is left on disk (order
 *   emails with the address and phone, the reset link), another shopper's mail stays, and staff's
 *   search for the shopper leaves the email in no request log line or address;
 * - item 8: a staff member (not an owner) who sets a watch's declared MRP to ₹1 is refused (403)
 *   and nothing is written, while the same form with only the name changed saves (the control).
 */

const SUFFIX = "erasure";

let database: ProofDatabase;
let server: ProofServer;
let db: DB;
let base: string;

beforeAll(async () => {
  buildProofApp(SUFFIX);
  database = await createProofDatabase("sqlite");
  server = await proofServer({ suffix: SUFFIX, database, env: { ENABLE_COD: "true" } });
  await server.start();
  base = server.baseUrl;
  db = database.open();
}, 300_000);

afterAll(async () => {
  await db?.destroy();
  await server?.stop();
  await database?.cleanup();
}, 60_000);

/** The SQLite store's mail folder: `outbox/` beside the database file. */
function outboxFolder(): string {
  return path.join(path.dirname(database.url.slice("file:".length)), "outbox");
}

/** The `.eml` files on disk whose message is addressed to `email` (its `To:` header). */
function emlFilesTo(email: string): string[] {
  if (!fs.existsSync(outboxFolder())) return [];
  return fs
    .readdirSync(outboxFolder())
    .filter((name) => name.endsWith(".eml"))
    .filter((name) => new RegExp(`^To: ${email.replace(/[.+]/g, "\\$&")}\\r?$`, "mi").test(fs.readFileSync(path.join(outboxFolder(), name), "utf8")));
}

/**
 * Waits (up to 30 s) until the server has sent at least `minimum` emails to `email` and none due is
 * left (a review invite, due days later, waits); answers how many it sent.
 */
async function mailSentTo(email: string, minimum: number): Promise<number> {
  for (let waited = 0; waited < 30_000; waited += 250) {
    const rows = await db.selectFrom("outbox").select(["sent_at", "next_attempt_at"]).where("recipient", "=", email).execute();
    const sent = rows.filter((row) => row.sent_at !== null).length;
    const waiting = rows.filter((row) => row.sent_at === null && Number(row.next_attempt_at) <= Date.now()).length;
    if (sent >= minimum && waiting === 0) return sent;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the mail to ${email} was not sent in 30 s`);
}

/** A cash-on-delivery order of `shopper` through the Store API, then shipped and delivered (so nothing stops a deletion). */
async function deliveredOrder(shopper: RegisteredShopper): Promise<void> {
  const product = await db.selectFrom("products").select("id").where("colours", "=", "[]").where("price_paise", "<=", 1_000_000).orderBy("id").executeTakeFirstOrThrow();
  const post = (pathname: string, body: unknown) =>
    fetch(base + pathname, { method: "POST", headers: { "content-type": "application/json", token: shopper.token }, body: JSON.stringify(body) });
  expect((await post("/api/cart/add", { itemId: product.id, size: DEFAULT_SIZE_KEY })).status).toBe(200);
  const placed = await post("/api/order/place", { address: { ...ADDRESS, email: shopper.email }, items: [{ _id: product.id, size: DEFAULT_SIZE_KEY, quantity: 1 }], amount: 1 });
  expect(placed.status).toBe(200);
  const { orderId } = (await placed.json()) as { orderId: string };
  const now = Date.now() - 60_000;
  await setOrderStatus(db, orderId, "Shipped", { liveCredentials: false, now: now - 1000, shipment: { courier: "Blue Dart", awbNumber: "BD20261201AB" } });
  await setOrderStatus(db, orderId, "Delivered", { liveCredentials: false, now });
}

/** A form post as a browser sends it, from the store's own origin, redirects not followed. */
function postForm(pathname: string, form: Record<string, string> | URLSearchParams, cookie?: string): Promise<Response> {
  return fetch(base + pathname, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, ...(cookie ? { cookie } : {}) },
    body: form instanceof URLSearchParams ? form : new URLSearchParams(form),
    redirect: "manual",
  });
}

/** A new account given a back-office role directly in the database (as `npm run staff:add` does), logged in: its session cookie. */
async function staffMember(role: "owner" | "staff"): Promise<string> {
  const member = await registerShopper(base, role);
  await db.updateTable("users").set({ role }).where("email", "=", member.email).execute();
  return logInCookie(base, member);
}

/**
 * The fields a browser would submit from the form on `html` that has a field named `marker`: every
 * named input (checkboxes only when checked), textarea and selected option, entities decoded.
 */
function formFields(html: string, marker: string): URLSearchParams {
  const form = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)].map((match) => match[1]).find((body) => body.includes(`name="${marker}"`));
  if (!form) throw new Error(`no form with a field named ${marker}`);
  const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  const fields = new URLSearchParams();
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || type === "file" || type === "submit" || (type === "checkbox" && !/\schecked(=|\s|>|\/)/.test(tag))) continue;
    fields.append(he.decode(name), he.decode(attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")));
  }
  for (const [, attributes, text] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attributes, "name");
    if (name) fields.append(he.decode(name), he.decode(text.replace(/^\n/, "")));
  }
  for (const [, attributes, options] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(attributes, "name");
    const selected = options.match(/<option\b([^>]*\sselected[^>]*)>([^<]*)<\/option>/);
    if (name && selected) fields.append(he.decode(name), he.decode(attribute(selected[1], "value") ?? selected[2]));
  }
  return fields;
}

describe("issue 43 item 6: erasure reaches the mail on disk and the request log", () => {
  it("leaves no .eml file of a deleted shopper's mail, keeps another shopper's, and logs the staff search without the email", async () => {
    const shopper = await registerShopper(base, "erased");
    const neighbour = await registerShopper(base, "neighbour");
    await deliveredOrder(shopper);
    await deliveredOrder(neighbour);
    // A reset link too: the mail a stranger's erasure must not leave behind.
    expect((await postForm("/forgot-password", { email: shopper.email })).status).toBeLessThan(500);
    const sent = await mailSentTo(shopper.email, 4); // placed, shipped, delivered, the reset link
    await mailSentTo(neighbour.email, 3);
    expect(emlFilesTo(shopper.email).length).toBe(sent);
    const neighbourFiles = emlFilesTo(neighbour.email);
    expect(neighbourFiles.length).toBeGreaterThanOrEqual(3);

    // Staff find the shopper: a post, answered by the page of an account id.
    const owner = await staffMember("owner");
    const found = await postForm("/admin/personal-data", { intent: "find", email: shopper.email }, owner);
    expect(found.status).toBe(303);
    const shopperPage = found.headers.get("location") ?? "";
    expect(shopperPage).toMatch(/^\/admin\/personal-data\?shopper=\d+$/);
    const page = await fetch(base + shopperPage, { headers: { cookie: owner } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(he.encode(shopper.email));
    const nobody = await postForm("/admin/personal-data", { intent: "find", email: `nobody-${crypto.randomBytes(3).toString("hex")}@example.com` }, owner);
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toContain("No shopper with that email address.");

    // The shopper deletes their account.
    const cookie = await logInCookie(base, shopper);
    const deleted = await postForm("/profile/delete", { password: shopper.password }, cookie);
    expect(deleted.status).toBe(303);
    expect(await db.selectFrom("users").select("deleted_at").where("email", "=", shopper.email).executeTakeFirst()).toBeUndefined();

    expect(emlFilesTo(shopper.email)).toEqual([]);
    expect(fs.readdirSync(outboxFolder()).filter((name) => fs.readFileSync(path.join(outboxFolder(), name), "utf8").includes(shopper.email))).toEqual([]);
    expect(emlFilesTo(neighbour.email)).toEqual(neighbourFiles);
    // Nothing the server printed (its request log included) names the shopper's email.
    expect(server.output()).not.toContain(shopper.email);
    expect(server.output()).toContain("/admin/personal-data");
  }, 120_000);
});

describe("issue 43 item 8: the declared MRP is the owner's, like the price", () => {
  it("refuses staff's ₹1 MRP on a watch with 403 and writes nothing; the same form with a new name saves", async () => {
    const product = await db.selectFrom("products").select(["id", "name", "declarations", "price_paise"]).where("colours", "=", "[]").orderBy("id").executeTakeFirstOrThrow();
    const staff = await staffMember("staff");
    const editPage = `/admin/products/${encodeURIComponent(product.id)}`;
    const html = await (await fetch(base + editPage, { headers: { cookie: staff } })).text();
    const form = formFields(html, "declarations.mrp");
    expect(form.get("price")).toBe(String(Number(product.price_paise) / 100));

    const cheap = new URLSearchParams(form);
    cheap.set("intent", "save");
    cheap.set("declarations.mrp", "1");
    const refused = await postForm(editPage, cheap, staff);
    expect(refused.status, await refused.clone().text()).toBe(403);
    expect(await refused.text()).toContain("Only an owner can change prices.");
    const after = await db.selectFrom("products").select(["name", "declarations"]).where("id", "=", product.id).executeTakeFirstOrThrow();
    expect(after.declarations).toBe(product.declarations);
    expect(await db.selectFrom("audit_log").select("id").where("entity", "=", "product").where("entity_id", "=", product.id).execute()).toEqual([]);

    // The control: the very same form, only the name changed, is staff's to save.
    const renamed = new URLSearchParams(form);
    renamed.set("intent", "save");
    renamed.set("name", `${product.name} (staff edit)`);
    expect((await postForm(editPage, renamed, staff)).status).toBe(303);
    expect((await db.selectFrom("products").select("name").where("id", "=", product.id).executeTakeFirstOrThrow()).name).toBe(`${product.name} (staff edit)`);
  }, 60_000);
});
