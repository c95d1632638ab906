import { z } from "zod";
import { CATEGORIES } from "~/constants/store";
import type { ProductDeclarations } from "~/schemas/declarations";
import { controlCharactersMessage, hasControlCharacters } from "~/schemas/text";

/** A media address: a path on this store ("/…") or an absolute http(s) URL. Never `javascript:`. */
const mediaUrl = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(2048)
  .refine(
    (value) => (value.startsWith("/") && !value.startsWith("//")) || /^https?:\/\/[^\s]+$/i.test(value),
    "must be a path starting with / or an http(s) URL",
  );

/** Rupees in the API; "" or null means empty (SPEC.md §3: the price falls back to discount). */
const rupees = z.preprocess(
  (value) => (value === "" || value === null ? undefined : value),
  z.number().finite().nonnegative("must be 0 or more").max(100_000_000).optional(),
);

const textList = z.array(z.string().trim().min(1).max(500)).max(50);

/** The longest name and description (SPEC.md §3's fields; the Hindi ones share them). */
export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_DESCRIPTION_MAX = 5000;

/** A product's name (`label` for its message): one line, no control character (docs/decisions/0340: PostgreSQL refuses a NUL). */
const nameText = (label: string) =>
  z
    .string()
    .trim()
    .max(PRODUCT_NAME_MAX, `must be at most ${PRODUCT_NAME_MAX} characters`)
    .refine((value) => !hasControlCharacters(value), controlCharactersMessage(label));

/** A product's description (`label` for its message): line breaks and tabs kept, no other control character. */
const descriptionText = (label: string) =>
  z
    .string()
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX, `must be at most ${PRODUCT_DESCRIPTION_MAX} characters`)
    .refine((value) => !hasControlCharacters(value.replace(/[\r\n\t]/g, " ")), controlCharactersMessage(label));

/**
 * An optional Hindi text (issue 27; docs/decisions/0880): trimmed, and "" (or only spaces) or null
 * means none (undefined; stored as null), under the English field's rules and limits.
 */
const optionalHindi = (schema: z.ZodType<string, string>) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v), schema.optional());

const declarationText = (max: number) => z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().min(1).max(max).optional());

/**
 * A product's own Legal Metrology declarations (issue 25 item 2; an addition to SPEC.md §3; see
 * lib/declarations): each optional, its brand's value applying where absent. `manufactured` is the
 * month and year of manufacture or import, "YYYY-MM"; `mrp` the maximum retail price in rupees.
 */
export const productDeclarationsJsonSchema = z
  .object({
    manufacturer: declarationText(200),
    manufacturerAddress: declarationText(500),
    importer: declarationText(200),
    importerAddress: declarationText(500),
    countryOfOrigin: declarationText(60),
    genericName: declarationText(60),
    netQuantity: declarationText(30),
    manufactured: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, "must be a month as YYYY-MM, e.g. 2026-03")
        .optional(),
    ),
    mrp: rupees,
  })
  .strict();

/**
 * One product as the Store API carries it (`GET /api/product/listproduct`, SPEC.md §3/§7,
 * DESIGN.md §4). `price` and `discount` are rupees; `discount` is the original, higher price.
 * `createdAt` accepts an ISO date or ms since epoch and is always answered as an ISO string.
 */
export const productJsonSchema = z
  .object({
    _id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be 1 to 64 letters, digits, - or _"),
    name: z
      .string()
      .trim()
      .min(1, "is required")
      .max(PRODUCT_NAME_MAX, `must be at most ${PRODUCT_NAME_MAX} characters`)
      .refine((value) => !hasControlCharacters(value), controlCharactersMessage("The name")),
    /** The Hindi name shown on the /hi pages (issue 27, an addition to SPEC.md §3); absent: the name. */
    nameHi: optionalHindi(nameText("The Hindi name")),
    image: z.array(mediaUrl).min(1, "needs at least one image").max(20),
    video: z.array(mediaUrl).max(10).optional().default([]),
    videoPoster: z.preprocess((v) => (v === "" || v === null ? undefined : v), mediaUrl.optional()),
    price: rupees,
    discount: rupees,
    category: z.enum(CATEGORIES, { message: `must be one of ${CATEGORIES.join(", ")}` }),
    subCategory: z.string().trim().min(1, "is required (the brand)").max(100),
    description: descriptionText("The description").optional().default(""),
    /** The Hindi description shown on the /hi pages (issue 27, an addition to SPEC.md §3); absent: the description. */
    descriptionHi: optionalHindi(descriptionText("The Hindi description")),
    features: textList.optional().default([]),
    /**
     * The Hindi feature list shown on the /hi pages instead of `features` (issue 48 item 2; an
     * addition to SPEC.md §3; docs/decisions/0972): each line under `features`' rules; absent,
     * null or empty: the /hi pages show `features`, each line through the Hindi vocabulary.
     */
    featuresHi: z.preprocess((v) => (v === null || (Array.isArray(v) && v.length === 0) ? undefined : v), textList.optional()),
    movement: z.string().trim().max(100).optional().default(""),
    strapMaterial: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().trim().max(100).optional()),
    colours: z.array(z.string().trim().min(1).max(50)).max(20).optional().default([]),
    bestseller: z.boolean().optional().default(false),
    sold: z.number().int().nonnegative().optional().default(0),
    /** Units on hand (issue 23, an addition to SPEC.md §3): absent when the store does not track it. */
    stock: z.number().int("must be a whole number").nonnegative("must be 0 or more").max(1_000_000).nullable().optional(),
    /**
     * Units on hand per colour, for a watch whose colours the owner keeps apart (issue 23; an
     * addition to SPEC.md §3): one figure for each of `colours`; `stock` is then their total.
     */
    colourStock: z
      .record(z.string().trim().min(1).max(50), z.number().int("must be a whole number").nonnegative("must be 0 or more").max(1_000_000), {
        error: "must give each colour's units (on the product form: one line per colour, like “Black: 3”)",
      })
      .optional(),
    /** Legal Metrology declarations of its own (issue 25 item 2); absent: its brand's. */
    declarations: productDeclarationsJsonSchema.optional(),
    /** Published reviews (issue 23): how many, and their average stars to one decimal. Answered only, never imported. */
    reviewCount: z.number().int().nonnegative().optional(),
    rating: z.number().min(1).max(5).optional(),
    createdAt: z.union([z.string(), z.number()]).transform((value, ctx) => {
      const ms = typeof value === "number" ? value : Date.parse(value);
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: "must be an ISO date or ms since epoch" });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    }),
  })
  .refine((p) => p.price !== undefined || p.discount !== undefined, {
    message: "needs a price or a discount",
    path: ["price"],
  })
  .superRefine((p, ctx) => {
    if (p.colourStock === undefined) return;
    const given = Object.keys(p.colourStock);
    const missing = p.colours.filter((colour) => !given.includes(colour));
    const unknown = given.filter((colour) => !p.colours.includes(colour));
    if (p.colours.length === 0) ctx.addIssue({ code: "custom", path: ["colourStock"], message: "needs colours: this watch comes in one style" });
    else if (unknown.length > 0) ctx.addIssue({ code: "custom", path: ["colourStock"], message: `names a colour the watch doesn't have: ${unknown.join(", ")}` });
    else if (missing.length > 0) ctx.addIssue({ code: "custom", path: ["colourStock"], message: `needs a figure for every colour (missing: ${missing.join(", ")})` });
    const total = Object.values(p.colourStock).reduce((sum, units) => sum + units, 0);
    if (p.stock !== undefined && p.stock !== null && p.stock !== total) {
      ctx.addIssue({ code: "custom", path: ["stock"], message: `must be the colours' total (${total}) or left out` });
    }
  });

export type ProductJsonInput = z.input<typeof productJsonSchema>;
export type ProductJson = z.output<typeof productJsonSchema>;

/**
 * A catalogue product inside the store: money in integer paise, dates in ms since epoch.
 * `pricePaise` is what the shopper pays (SPEC.md §3: price, else discount);
 * `originalPaise` is the struck-through original price when there is one.
 */
export type Product = {
  id: string;
  name: string;
  images: string[];
  videos: string[];
  videoPoster: string | null;
  pricePaise: number;
  originalPaise: number | null;
  category: (typeof CATEGORIES)[number];
  subCategory: string;
  description: string;
  features: string[];
  movement: string;
  strapMaterial: string | null;
  colours: string[];
  bestseller: boolean;
  sold: number;
  createdAt: number;
  /**
   * Units on hand (issue 23; DESIGN.md §21): null or absent when the stock is not tracked (a
   * remote store that does not say, or a product the owner does not count).
   */
  stock?: number | null;
  /**
   * Units on hand per colour when the owner keeps the colours apart (issue 23; docs/decisions/0692);
   * `stock` is then their total. Absent: the colours share `stock`. Read where a colour is chosen
   * (product page, cart, checkout, back office), not on cards.
   */
  colourStock?: Record<string, number>;
  /** Its own Legal Metrology declarations (issue 25 item 2), MRP in paise; absent: its brand's. */
  declarations?: ProductDeclarations;
  /** Published reviews: how many, and the sum of their stars (average = ratingSum / reviewCount). */
  reviewCount?: number;
  ratingSum?: number;
  /**
   * The owner's Hindi name and description (issue 27; docs/decisions/0880), shown on the /hi
   * pages (lib/product-language `productIn`); absent: the English ones are shown there too.
   */
  nameHi?: string;
  descriptionHi?: string;
  /** The owner's Hindi feature list (issue 48; docs/decisions/0972), shown on /hi pages instead of `features`; absent: none. */
  featuresHi?: string[];
};

/** API JSON (rupees) → store product (paise). Input must already be parsed by productJsonSchema. */
export function productFromJson(json: ProductJson): Product {
  const price = json.price !== undefined ? json.price : json.discount!;
  const original = json.price !== undefined && json.discount !== undefined ? json.discount : null;
  return {
    id: json._id,
    name: json.name,
    images: json.image,
    videos: json.video ?? [],
    videoPoster: json.videoPoster ?? null,
    pricePaise: Math.round(price * 100),
    originalPaise: original === null ? null : Math.round(original * 100),
    category: json.category,
    subCategory: json.subCategory,
    description: json.description,
    features: json.features,
    movement: json.movement,
    strapMaterial: json.strapMaterial ?? null,
    colours: json.colours,
    bestseller: json.bestseller,
    sold: json.sold,
    createdAt: Date.parse(json.createdAt),
    // Absent: not said (an import keeps the stored stock); null: not tracked. Per colour: their total.
    stock: json.colourStock ? Object.values(json.colourStock).reduce((sum, units) => sum + units, 0) : json.stock,
    ...(json.colourStock ? { colourStock: { ...json.colourStock } } : {}),
    ...(json.declarations ? { declarations: declarationsFromJson(json.declarations) } : {}),
    reviewCount: json.reviewCount || undefined,
    ratingSum: json.reviewCount && json.rating ? Math.round(json.rating * json.reviewCount) : undefined,
    ...(json.nameHi ? { nameHi: json.nameHi } : {}),
    ...(json.descriptionHi ? { descriptionHi: json.descriptionHi } : {}),
    ...(json.featuresHi && json.featuresHi.length > 0 ? { featuresHi: json.featuresHi } : {}),
  };
}

/** Declarations as the API carries them (MRP in rupees) → as stored (MRP in paise); empty values left out. */
function declarationsFromJson(json: z.output<typeof productDeclarationsJsonSchema>): ProductDeclarations {
  const { mrp, ...text } = json;
  const declared: ProductDeclarations = Object.fromEntries(Object.entries(text).filter(([, value]) => value !== undefined));
  if (mrp !== undefined) declared.mrpPaise = Math.round(mrp * 100);
  return declared;
}

/** Declarations as stored (MRP in paise) → as the API carries them (MRP in rupees). */
export function declarationsToJson(declared: ProductDeclarations): z.output<typeof productDeclarationsJsonSchema> {
  const { mrpPaise, ...text } = declared;
  return { ...text, ...(mrpPaise !== undefined ? { mrp: mrpPaise / 100 } : {}) };
}

/** Store product (paise) → API JSON (rupees), the listproduct shape. */
export function productToJson(product: Product): ProductJson {
  return {
    _id: product.id,
    name: product.name,
    ...(product.nameHi ? { nameHi: product.nameHi } : {}),
    image: product.images,
    video: product.videos,
    ...(product.videoPoster ? { videoPoster: product.videoPoster } : {}),
    price: product.pricePaise / 100,
    ...(product.originalPaise !== null ? { discount: product.originalPaise / 100 } : {}),
    category: product.category,
    subCategory: product.subCategory,
    description: product.description,
    ...(product.descriptionHi ? { descriptionHi: product.descriptionHi } : {}),
    features: product.features,
    ...(product.featuresHi && product.featuresHi.length > 0 ? { featuresHi: product.featuresHi } : {}),
    movement: product.movement,
    ...(product.strapMaterial ? { strapMaterial: product.strapMaterial } : {}),
    colours: product.colours,
    bestseller: product.bestseller,
    sold: product.sold,
    createdAt: new Date(product.createdAt).toISOString(),
    ...(product.stock !== undefined && product.stock !== null ? { stock: product.stock } : {}),
    ...(product.colourStock ? { colourStock: product.colourStock } : {}),
    ...(product.declarations && Object.keys(product.declarations).length > 0 ? { declarations: declarationsToJson(product.declarations) } : {}),
    ...(product.reviewCount ? { reviewCount: product.reviewCount, rating: Math.round((10 * (product.ratingSum ?? 0)) / product.reviewCount) / 10 } : {}),
  };
}

/** The answer of `GET /api/product/listproduct` (SPEC.md §7). */
export const listProductsResponseSchema = z.object({
  success: z.boolean(),
  products: z.array(productJsonSchema).optional(),
  message: z.string().optional(),
});
