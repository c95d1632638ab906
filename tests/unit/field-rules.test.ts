import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { BRANDS, CATEGORIES, DEFAULT_PRICE_MAX, DEFAULT_PRICE_MIN, SORTS } from "~/constants/store";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import { EMAIL_PATTERN, LOGIN_FORM_RULES, SIGNUP_FORM_RULES } from "~/schemas/account-rules";
import { emailSchema, nameSchema, newPasswordSchema, passwordSchema } from "~/schemas/api";
import { ADDRESS_RULES, placeOrderFormRules } from "~/schemas/checkout-rules";
import { parseCollectionParams } from "~/schemas/collection-params";
import { checkField, checkForm, fieldConstraint, formConstraint, type FormRules } from "~/schemas/field-rules";
import { newsletterSchema, NEWSLETTER_EMAIL_CONSTRAINT, NEWSLETTER_MESSAGES } from "~/schemas/newsletter";
import { addressSchema, placeOrderFormSchema } from "~/schemas/orders";
import { galleryItems, parseProductView, PRODUCT_TABS } from "~/schemas/product-view";

/**
 * The browser's rules (app/schemas/field-rules.ts and the `*_RULES` beside each schema) are the
 * zod schemas written as plain data, so the full zod stays on the server (DESIGN.md §17;
 * docs/decisions/0530). These tests hold each rule to its schema: for any value, the browser's
 * first message is the one the server's parse (conform's `parseWithZod`) gives the field, and
 * the native attributes agree with conform's `getZodConstraint`. So the two cannot drift.
 */

/** The server's first message for `field` = `value` (the only field sent), or null. */
function serverMessage(schema: z.ZodType, field: string, value: string): string | null {
  const formData = new FormData();
  formData.set(field, value);
  const submission = parseWithZod(formData, { schema });
  return submission.status === "success" ? null : (submission.error?.[field]?.[0] ?? null);
}

/** Values near every edge: empty, spaces, control characters, lengths around each limit. */
function edgeValues(base: string): string[] {
  const lengths = [0, 1, 2, 11, 12, 13, 49, 50, 51, 79, 80, 81, 99, 100, 101, 127, 128, 129, 199, 200, 201, 253, 254, 255];
  return [
    "",
    " ",
    "   ",
    "\t",
    base,
    ` ${base} `,
    `${base}\u0000`,
    `${base}\u0085x`,
    `a\nb`,
    ...lengths.map((length) => base.repeat(Math.ceil(length / Math.max(base.length, 1)) + 1).slice(0, length)),
    ...lengths.map((length) => `${"a".repeat(Math.max(length - 12, 0))}@example.com`),
  ];
}

/** Checks every field of `rules` against `schema` on the edge values and on arbitrary strings. */
function expectRulesMatchSchema(rules: FormRules, schema: z.ZodType, samples: Record<string, readonly string[]> = {}) {
  for (const [field, rule] of Object.entries(rules)) {
    for (const value of [...edgeValues("Asha"), ...(samples[field] ?? [])]) {
      expect.soft(checkField(rule, value), `${field} = ${JSON.stringify(value)}`).toBe(serverMessage(schema, field, value));
    }
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: "grapheme", maxLength: 60 }), fc.emailAddress()), (value) => {
        expect(checkField(rule, value), `${field} = ${JSON.stringify(value)}`).toBe(serverMessage(schema, field, value));
      }),
      { numRuns: 300 },
    );
  }
}

/** Native attributes: `required` as conform reads the schema; the lengths as the schema enforces them. */
function expectConstraintsMatchSchema(rules: FormRules, schema: z.ZodType) {
  const zodConstraint = getZodConstraint(schema) as Record<string, { required?: boolean } | undefined>;
  for (const [field, rule] of Object.entries(rules)) {
    const constraint = fieldConstraint(rule);
    expect(constraint.required, field).toBe(zodConstraint[field]?.required);
    if (constraint.maxLength !== undefined) {
      const tooLong = "a".repeat(constraint.maxLength + 1);
      expect(serverMessage(schema, field, tooLong), `${field}: one past maxLength is refused`).not.toBeNull();
    }
    if (constraint.minLength !== undefined) {
      const tooShort = "a".repeat(constraint.minLength - 1);
      const longEnough = "a".repeat(constraint.minLength);
      expect(serverMessage(schema, field, tooShort), `${field}: one short of minLength is refused`).not.toBeNull();
      expect(serverMessage(schema, field, longEnough), `${field}: minLength is enough`).toBeNull();
    }
  }
}

const emails = ["asha@example.in", "ASHA@Example.IN", "a.b@c.co", "a..b@c.co", ".a@c.co", "a@b", "a@b.c", "a b@c.co", "a@b_c.com", "o'brien@ex.ie"];

describe("the account forms' rules (Login, Sign Up)", () => {
  const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
  const signupSchema = z.object({ name: nameSchema, email: emailSchema, password: newPasswordSchema });

  it("use zod's own email expression", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
  });

  it("give the server's message for every value (Login)", () => {
    expectRulesMatchSchema(LOGIN_FORM_RULES, loginSchema, { email: emails });
  });

  it("give the server's message for every value (Sign Up)", () => {
    expectRulesMatchSchema(SIGNUP_FORM_RULES, signupSchema, { email: emails, password: ["12345678901", "123456789012", "x".repeat(128), "x".repeat(129)] });
  });

  it("have the schemas' native attributes", () => {
    expectConstraintsMatchSchema(LOGIN_FORM_RULES, loginSchema);
    expectConstraintsMatchSchema(SIGNUP_FORM_RULES, signupSchema);
    expect(formConstraint(SIGNUP_FORM_RULES)).toEqual({
      name: { required: true, maxLength: 100 },
      email: { required: true, maxLength: 254 },
      password: { required: true, minLength: 12, maxLength: 128 },
    });
  });
});

describe("the delivery form's rules (/place-order)", () => {
  const samples = {
    email: emails,
    state: [...INDIAN_STATES_AND_UTS, "karnataka", "KARNATAKA", " Karnataka ", "Atlantis", "Delhi", "NCT of Delhi"],
    zipcode: ["560001", "560 001", " 560001 ", "056001", "56000", "5600011", "56O001", "１２３４５６"],
    country: ["India", "india", " INDIA ", "Bharat", "Indiana"],
    phone: ["9876543210", "+91 98765-43210", "919876543210", "09876543210", "(987) 654-3210", "5876543210", "98765 4321", "+919876543210x"],
  };

  it("give the server's message for every value (address)", () => {
    expectRulesMatchSchema(ADDRESS_RULES, addressSchema, samples);
  });

  it("give the server's message for every payment method, cash on delivery on or off", () => {
    for (const codEnabled of [false, true]) {
      const rules = placeOrderFormRules({ codEnabled });
      const schema = placeOrderFormSchema({ codEnabled });
      expectRulesMatchSchema({ paymentMethod: rules.paymentMethod }, schema, {
        paymentMethod: ["cashfree", "cod", "stripe", "razorpay", "bitcoin", "Cashfree", " cashfree"],
      });
    }
  });

  it("have the schema's native attributes, and leave only the page's own hidden fields to the server", () => {
    const rules = placeOrderFormRules({ codEnabled: false });
    const schema = placeOrderFormSchema({ codEnabled: false });
    expectConstraintsMatchSchema(rules, schema);
    const required = Object.entries(getZodConstraint(schema) as Record<string, { required?: boolean }>)
      .filter(([, constraint]) => constraint.required)
      .map(([name]) => name);
    expect(required.filter((name) => !(name in rules))).toEqual(["idempotencyKey"]);
  });

  it("check a whole form at once, as conform's submission error", () => {
    const formData = new FormData();
    formData.set("firstName", "   ");
    formData.set("zipcode", "12");
    const errors = checkForm(ADDRESS_RULES, formData);
    expect(errors?.firstName).toEqual(["Please enter your first name."]);
    expect(errors?.zipcode).toEqual(["Please enter a valid 6-digit PIN code."]);
    expect(errors?.lastName).toEqual(["Please enter your last name."]);
    expect(parseWithZod(formData, { schema: addressSchema }).status).toBe("error");
  });
});

describe("the newsletter box's native attributes", () => {
  it("are the schema's: required, at most 254 characters", () => {
    expect(NEWSLETTER_EMAIL_CONSTRAINT.required).toBe((getZodConstraint(newsletterSchema) as Record<string, { required?: boolean }>).email.required);
    const longest = `${"a".repeat(NEWSLETTER_EMAIL_CONSTRAINT.maxLength - 12)}@example.com`;
    expect(longest).toHaveLength(NEWSLETTER_EMAIL_CONSTRAINT.maxLength);
    expect(serverMessage(newsletterSchema, "email", longest)).toBeNull();
    expect(serverMessage(newsletterSchema, "email", `a${longest}`)).toBe(NEWSLETTER_MESSAGES.emailInvalid);
    expect(serverMessage(newsletterSchema, "email", "")).toBe(NEWSLETTER_MESSAGES.emailRequired);
  });
});

/*
 * The URL readers run in the browser too, so they are plain code; these hold them to the zod
 * rules they replaced (the schemas as they were before docs/decisions/0530).
 */
describe("URL readers without zod", () => {
  const digits = z.string().regex(/^\d{1,10}$/);
  const wholeNumber = digits.transform(Number).pipe(z.number().int().nonnegative().max(1_000_000_000));
  const pageNumber = digits.transform(Number).pipe(z.number().int().min(1).max(1_000_000));
  const numberOr = (raw: string | null, schema: z.ZodType<number, string>, fallback: number) => {
    if (raw === null || raw.trim() === "") return fallback;
    const parsed = schema.safeParse(raw.trim());
    return parsed.success ? parsed.data : fallback;
  };
  const numeric = fc.oneof(
    fc.constantFrom("", " ", "0", "1", "01", " 42 ", "1e3", "0x10", "-5", "12.5", "9999999999", "10000000000", "1000000000", "1000001", "1000000", "٣"),
    fc.string({ maxLength: 12 }),
    fc.nat().map(String),
    fc.bigInt({ min: 0n, max: 99_999_999_999n }).map(String),
  );

  it("parseCollectionParams reads prices, sort and page as the zod schemas did", () => {
    const sorts = fc.oneof(fc.constantFrom(...SORTS, " Low-High ", "NEWEST", "best", ""), fc.string({ maxLength: 12 }));
    const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
    fc.assert(
      fc.property(maybe(numeric), maybe(numeric), maybe(sorts), maybe(numeric), (min, max, sort, page) => {
        const search = new URLSearchParams();
        if (min !== null) search.set("min", min);
        if (max !== null) search.set("max", max);
        if (sort !== null) search.set("sort", sort);
        if (page !== null) search.set("page", page);
        let expectedMin = numberOr(min, wholeNumber, DEFAULT_PRICE_MIN);
        let expectedMax = numberOr(max, wholeNumber, DEFAULT_PRICE_MAX);
        if (expectedMin > expectedMax) [expectedMin, expectedMax] = [expectedMax, expectedMin];
        const expectedSort = z.enum(SORTS).safeParse(sort?.trim().toLowerCase());
        expect(parseCollectionParams(search)).toMatchObject({
          min: expectedMin,
          max: expectedMax,
          sort: expectedSort.success ? expectedSort.data : "relevant",
          page: numberOr(page, pageNumber, 1),
        });
      }),
      { numRuns: 2000 },
    );
    expect(CATEGORIES.length + BRANDS.length).toBeGreaterThan(0);
  });

  it("parseProductView reads media and tab as the zod schemas did", () => {
    const mediaParam = z.coerce.number().int().min(1).max(1000);
    const tabParam = z.enum(PRODUCT_TABS);
    const items = galleryItems({ images: ["/a.svg", "/b.svg", "/c.svg"], videos: ["/v.webm"], videoPoster: null });
    const tabs = fc.oneof(fc.constantFrom(...PRODUCT_TABS, "Reviews", " reviews", ""), fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(fc.option(numeric, { nil: null }), fc.option(tabs, { nil: null }), (media, tab) => {
        const search = new URLSearchParams();
        if (media !== null) search.set("media", media);
        if (tab !== null) search.set("tab", tab);
        const parsedMedia = mediaParam.safeParse(media ?? undefined);
        const parsedTab = tabParam.safeParse(tab ?? undefined);
        expect(parseProductView(search, items)).toEqual({
          media: parsedMedia.success && parsedMedia.data <= items.length ? parsedMedia.data : 1,
          tab: parsedTab.success ? parsedTab.data : "description",
        });
      }),
      { numRuns: 2000 },
    );
  });
});
