import { z } from "zod";
import type { DB } from "~/db/db.server";
import type { NewProductRow, ProductRow } from "~/db/schema";
import { productFromJson, productJsonSchema, type Product } from "~/schemas/product";

export type ImportError = { index: number; field: string; message: string };
export type ImportResult = { ok: true; imported: number } | { ok: false; errors: ImportError[] };

const INSERT_CHUNK = 200;

/**
 * Validates every row of a listproduct-shaped catalogue (SPEC.md §3/§7) and, only when all are
 * valid, replaces the stored catalogue with it in one transaction; catalogue order is kept as the
 * "relevant" order. Accepts the bare array or the whole `{success, products}` answer.
 * Never imports part of a file: any bad row gives `{ok:false, errors}` with the row's index (0-based)
 * and the field's path, and nothing is written.
 */
export async function importCatalogue(db: DB, input: unknown): Promise<ImportResult> {
  const parsed = validateCatalogue(input);
  if (!parsed.ok) return parsed;
  const rows = parsed.products.map(productToRow);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("products").execute();
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await trx.insertInto("products").values(rows.slice(i, i + INSERT_CHUNK)).execute();
    }
  });
  return { ok: true, imported: rows.length };
}

/**
 * Parses a catalogue file's content without writing; see importCatalogue for the shapes.
 * File-level problems (not a list, a `{success:false}` answer, no products) come with index -1
 * and field "(file)"; row problems with the row's 0-based index and the field's dotted path
 * (e.g. "image.0"), one per zod issue, in file order.
 */
export function validateCatalogue(
  input: unknown,
): { ok: true; products: Product[] } | { ok: false; errors: ImportError[] } {
  const fileError = (message: string) => ({ ok: false as const, errors: [{ index: -1, field: "(file)", message }] });
  const isAnswer = input !== null && typeof input === "object" && !Array.isArray(input) && "products" in input;
  if (input !== null && typeof input === "object" && !Array.isArray(input) && (input as { success?: unknown }).success === false) {
    const message = (input as { message?: unknown }).message;
    return fileError(`the file holds a failed answer${typeof message === "string" && message ? `: ${message}` : ""}`);
  }
  const list = isAnswer ? (input as { products: unknown }).products : input;
  if (!Array.isArray(list)) {
    return fileError("expected an array of products or {success, products: [...]}");
  }
  if (list.length === 0) return fileError("the file holds no products; an empty catalogue is never imported");
  const errors: ImportError[] = [];
  const products: Product[] = [];
  const seen = new Map<string, number>();
  list.forEach((row, index) => {
    const result = productJsonSchema.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues) {
        errors.push({ index, field: issue.path.map(String).join(".") || "(row)", message: issue.message });
      }
      return;
    }
    const first = seen.get(result.data._id);
    if (first !== undefined) {
      errors.push({ index, field: "_id", message: `duplicate id ${result.data._id} (first used in row ${first})` });
      return;
    }
    seen.set(result.data._id, index);
    products.push(productFromJson(result.data));
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, products };
}

/** Every product in catalogue order (DESIGN.md §3). */
export async function listProducts(db: DB): Promise<Product[]> {
  const rows = await db.selectFrom("products").selectAll().orderBy("position").execute();
  return rows.map(rowToProduct);
}

function productToRow(product: Product, position: number): NewProductRow {
  return {
    id: product.id,
    position,
    name: product.name,
    images: JSON.stringify(product.images),
    videos: JSON.stringify(product.videos),
    video_poster: product.videoPoster,
    price_paise: product.pricePaise,
    original_paise: product.originalPaise,
    category: product.category,
    sub_category: product.subCategory,
    description: product.description,
    features: JSON.stringify(product.features),
    movement: product.movement,
    strap_material: product.strapMaterial,
    colours: JSON.stringify(product.colours),
    bestseller: product.bestseller ? 1 : 0,
    sold: product.sold,
    created_at: product.createdAt,
  };
}

const jsonList = z.array(z.string());

function rowToProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    images: jsonList.parse(JSON.parse(row.images)),
    videos: jsonList.parse(JSON.parse(row.videos)),
    videoPoster: row.video_poster,
    pricePaise: Number(row.price_paise),
    originalPaise: row.original_paise === null ? null : Number(row.original_paise),
    category: row.category as Product["category"],
    subCategory: row.sub_category,
    description: row.description,
    features: jsonList.parse(JSON.parse(row.features)),
    movement: row.movement,
    strapMaterial: row.strap_material,
    colours: jsonList.parse(JSON.parse(row.colours)),
    bestseller: Number(row.bestseller) === 1,
    sold: Number(row.sold),
    createdAt: Number(row.created_at),
  };
}
