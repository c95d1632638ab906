import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "~/config/env.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { saveDeliveryRules } from "~/services/delivery.server";
import { storePageKey } from "~/utils/page-cache.server";
import { createLocalBackend } from "~/backend/local.server";
import { lastPinCookieName, loadDeliveryCheck } from "~/utils/delivery-check.server";
import { isPersonalResponse, personalCookieNames } from "~/utils/security-headers.server";
import { testDatabases, type TestDatabase } from "../setup/databases";

/** "Check delivery" on the product page and the cart (issue 13 item 3; docs/decisions/0621). */

const saved = { ...process.env };
beforeAll(() => {
  process.env = { ...saved, NODE_ENV: "test", PUBLIC_URL: "", SESSION_SECRET: "x".repeat(40), ENABLE_COD: "true" };
  resetEnv();
});
afterAll(() => {
  process.env = { ...saved };
  resetEnv();
});

/** Thu 26 Nov 2026, 10:00 IST. */
const NOW = Date.parse("2026-11-26T04:30:00Z");
const PRICE = 1_500_000;
const noSavedAddress = async () => null;

function request(query = "", cookie?: string) {
  return new Request(`http://localhost:3000/product/w1${query}`, { headers: cookie ? { cookie } : {} });
}

/** The `Cookie` header a browser sends back after `Set-Cookie: value`. */
function cookieOf(setCookie: string | null): string {
  expect(setCookie).not.toBeNull();
  return setCookie!.split(";")[0];
}

describe.each(testDatabases())("loadDeliveryCheck on $name", ({ create }) => {
  let current: TestDatabase;
  beforeAll(async () => {
    current = await create();
    await saveDeliveryRules(current.db, { ...DEFAULT_DELIVERY_RULES, unserviceable: ["194101"] }, { id: null, email: "test" });
  });
  afterAll(() => current.cleanup());
  const check = (req: Request, options: { savedAddressPin?: (r: Request) => Promise<string | null>; amountPaise?: number } = {}) =>
    loadDeliveryCheck(req, options.amountPaise ?? PRICE, { backend: createLocalBackend(async () => current.db, { codEnabled: () => process.env.ENABLE_COD === "true" }), now: NOW, savedAddressPin: options.savedAddressPin ?? noSavedAddress });

  it("without ?pin= and nothing remembered: an empty field, no answer, no cookie", async () => {
    expect(await check(request())).toEqual({ check: { pin: "", answer: null }, setCookie: null });
  });

  it("a metro PIN: the window and cash on delivery, and the PIN remembered for a year", async () => {
    const { check: answer, setCookie } = await check(request("?pin=560 001"));
    expect(answer).toEqual({
      pin: "560001",
      answer: { kind: "deliverable", message: "Delivery to Bengaluru, Karnataka between Mon, 30 Nov and Wed, 2 Dec", cod: "Cash on delivery available" },
    });
    expect(setCookie).toMatch(/^last_pin=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it("cash on delivery by amount and zone, in words", async () => {
    expect((await check(request("?pin=560001"), { amountPaise: 2_500_001 })).check.answer?.cod).toBe("Cash on delivery is available on orders up to ₹25,000");
    expect((await check(request("?pin=795001"))).check.answer).toMatchObject({ kind: "deliverable", cod: "Cash on delivery isn't available for this PIN code" });
    expect((await check(request("?pin=795001"))).check.answer?.message).toMatch(/^Delivery to Imphal West, Manipur between /);
  });

  it("a PIN not served is answered and remembered; unknown and malformed ones are answered, not remembered", async () => {
    const unserved = await check(request("?pin=194101"));
    expect(unserved.check.answer).toEqual({ kind: "unserviceable", message: "We don't deliver to 194101 yet", cod: null });
    expect(unserved.setCookie).not.toBeNull();
    const unknown = await check(request("?pin=999999"));
    expect(unknown).toEqual({ check: { pin: "999999", answer: { kind: "unknown", message: "This PIN code doesn't exist. Please check it.", cod: null } }, setCookie: null });
    for (const hostile of ["", "12", "abcdef", "<script>alert(1)</script>", "5".repeat(5000), "０１２３４５"]) {
      const answer = await check(request(`?pin=${encodeURIComponent(hostile)}`));
      expect(answer.check.answer?.kind, hostile).toBe("invalid");
      expect(answer.check.pin.length).toBeLessThanOrEqual(12);
      expect(answer.setCookie).toBeNull();
    }
  });

  it("the remembered PIN is prefilled and answered on the next page; ?pin= wins over it; the same PIN is not set again", async () => {
    const remembered = cookieOf((await check(request("?pin=560001"))).setCookie);
    const next = await check(request("", `theme=dark; ${remembered}`));
    expect(next.check.pin).toBe("560001");
    expect(next.check.answer?.kind).toBe("deliverable");
    expect(next.setCookie).toBeNull();
    expect((await check(request("?pin=560001", remembered))).setCookie).toBeNull();
    const other = await check(request("?pin=795001", remembered));
    expect(other.check.pin).toBe("795001");
    expect(other.setCookie).not.toBeNull();
  });

  it("a tampered cookie shows nothing; the saved address comes last", async () => {
    expect((await check(request("", `${lastPinCookieName()}=garbage`))).check).toEqual({ pin: "", answer: null });
    const fromAddress = await check(request(), { savedAddressPin: async () => "795001" });
    expect(fromAddress.check.pin).toBe("795001");
    expect(fromAddress.setCookie).toBeNull();
    const remembered = cookieOf((await check(request("?pin=560001"))).setCookie);
    expect((await check(request("", remembered), { savedAddressPin: async () => "795001" })).check.pin).toBe("560001");
  });
});

describe("a checked or remembered PIN keeps a page out of the shared cache (DESIGN.md §17)", () => {
  const paths = { curated: ["/new-arrivals"], staticSlugs: ["about"] };
  const key = (url: string, cookie?: string) => storePageKey(url, (name) => (name === "cookie" ? cookie : undefined), paths, personalCookieNames());

  it("the last_pin cookie is a personal cookie; ?pin= is never a cache key", () => {
    expect(personalCookieNames()).toContain("last_pin");
    expect(key("/product/w1")).toBe("/product/w1");
    expect(key("/product/w1?media=2")).toBe("/product/w1?media=2");
    expect(key("/product/w1?pin=560001")).toBeNull();
    expect(key("/product/w1?media=2&pin=")).toBeNull();
    expect(key("/product/w1", "last_pin=IjU2MDAwMSI%3D")).toBeNull();
    expect(key("/product/w1", "theme=dark")).toBe("/product/w1");
  });

  it("such pages are sent private, no-store", () => {
    const personal = (url: string, cookie?: string) => isPersonalResponse(new Request(`http://localhost:3000${url}`, { headers: cookie ? { cookie } : {} }), new Headers());
    expect(personal("/product/w1")).toBe(false);
    expect(personal("/product/w1?pin=999999")).toBe(true);
    expect(personal("/product/w1", "last_pin=x")).toBe(true);
  });
});

describe("the cart's copy of the component", () => {
  it("is the product page's, word for word apart from its name and docstring", () => {
    const body = (file: string) => fs.readFileSync(file, "utf8").replace(/\/\*\*[\s\S]*?\*\/\n/, "").replace(/export function \w+\(/, "export function X(");
    expect(body("app/components/cart/CartDeliveryCheck.tsx")).toBe(body("app/components/product/DeliveryCheck.tsx"));
  });
});
