import { z } from "zod";
import type { DB, Executor } from "~/db/db.server";
import { getDb } from "~/db/index.server";
import { markCatalogueChanged, recomputeModelFirst } from "~/db/products.server";
import { getEnv } from "~/config/env.server";
import { hasLiveCredentials } from "~/payments/gateway.server";
import { BackendError } from "~/lib/errors";
import {
  DECLARATION_LABELS,
  effectiveDeclarations,
  missingDeclarations,
  type BrandDeclarations,
  type DeclarationField,
  type ProductDeclarations,
} from "~/lib/declarations";
import { recordAudit, type Actor } from "~/services/audit.server";
import { log } from "~/observability/log.server";

/*
 * Legal Metrology declarations (issue 25 item 2; DESIGN.md §23; docs/decisions/0760): each brand's
 * shared declarations (set once by the owner), which products still lack a required one
 * (`products.declarations_missing`), and the rule that such a product is withheld from shoppers
 * (`hidden = 2`) while the store takes live payments, shown again the moment it is complete or the
 * store is back in test mode. Every write that can change a product's declarations calls
 * `refreshDeclarations` in its transaction.
 */

const text = (max: number) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(max).optional());

/** A brand's declarations as the back office's form or a file gives them; empty fields are left out. */
export const brandDeclarationsSchema = z
  .object({
    manufacturer: text(200),
    manufacturerAddress: text(500),
    importer: text(200),
    importerAddress: text(500),
    countryOfOrigin: text(60),
    genericName: text(60),
    netQuantity: text(30),
  })
  .strict();

/** Every brand's declarations, by brand (`products.sub_category`). */
export async function readBrandDeclarations(db: Executor): Promise<Map<string, BrandDeclarations>> {
  const rows = await db.selectFrom("brand_declarations").select(["brand", "declarations"]).execute();
  const byBrand = new Map<string, BrandDeclarations>();
  for (const row of rows) {
    const parsed = brandDeclarationsSchema.safeParse(JSON.parse(row.declarations));
    if (parsed.success) byBrand.set(row.brand, parsed.data);
  }
  return byBrand;
}

/**
 * Saves one brand's declarations (owner, /admin/declarations), audited (entity `declarations`, id
 * the brand), and re-checks that brand's products; the catalogue's version goes up in the same
 * transaction (product pages show the brand's declarations: every process's page cache drops them,
 * issue 49 item 2). Throws BackendError 400 with the first problem.
 */
export async function saveBrandDeclarations(db: DB, brand: string, input: unknown, actor: Actor, now = Date.now()): Promise<BrandDeclarations> {
  const name = z.string().trim().min(1).max(100).safeParse(brand);
  const parsed = brandDeclarationsSchema.safeParse(input);
  if (!name.success) throw new BackendError(400, "Choose a brand.");
  if (!parsed.success) throw new BackendError(400, parsed.error.issues[0]?.message ?? "Check the declarations.");
  const json = JSON.stringify(parsed.data);
  await db.transaction().execute(async (trx) => {
    const before = (await readBrandDeclarations(trx)).get(name.data) ?? {};
    await trx
      .insertInto("brand_declarations")
      .values({ brand: name.data, declarations: json, updated_at: now })
      .onConflict((oc) => oc.column("brand").doUpdateSet({ declarations: json, updated_at: now }))
      .execute();
    // The product pages' declarations table shows the brand's: every process's page cache drops them (issue 49 item 2),
    // also when no product's visibility moved (refreshDeclarations marks the change itself when one did).
    if ((await refreshDeclarations(trx, { brand: name.data })) === 0) await markCatalogueChanged(trx);
    await recordAudit(trx, { actor, entity: "declarations", entityId: name.data, action: "brand declarations changed", before, after: parsed.data, at: now });
  });
  return parsed.data;
}

/** Rows a refresh reads per query. */
const REFRESH_BATCH = 1000;

/**
 * Re-checks the declarations of the products of `scope` (a brand, some ids, or all) against their
 * brand's, inside the caller's transaction: sets `declarations_missing`, and with `live` (default:
 * this store takes live payments) withholds a product that lacks one (`hidden` 0 → 2) and shows a
 * complete one again (2 → 0); in test mode every withheld product is shown. A product hidden by
 * staff (1) stays hidden. Bumps the catalogue version when a product's visibility changed. Answers
 * how many products changed visibility.
 */
export async function refreshDeclarations(
  trx: Executor,
  scope: { brand?: string; ids?: readonly string[] } = {},
  live: boolean = hasLiveCredentials(getEnv()),
): Promise<number> {
  const brands = await readBrandDeclarations(trx);
  const missingBy = new Map<string | null, string[]>();
  const visibility = new Map<number, string[]>();
  let after = "";
  for (;;) {
    let query = trx
      .selectFrom("products")
      .select(["id", "sub_category", "price_paise", "original_paise", "declarations", "declarations_missing", "hidden"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(REFRESH_BATCH);
    if (scope.brand !== undefined) query = query.where("sub_category", "=", scope.brand);
    if (scope.ids !== undefined) query = query.where("id", "in", scope.ids.length > 0 ? [...scope.ids] : [""]);
    const rows = await query.execute();
    for (const row of rows) {
      const own = row.declarations ? (JSON.parse(row.declarations) as ProductDeclarations) : null;
      const declared = effectiveDeclarations({ pricePaise: Number(row.price_paise), originalPaise: row.original_paise === null ? null : Number(row.original_paise), declarations: own }, brands.get(row.sub_category));
      const missing = missingDeclarations(declared, Number(row.price_paise));
      const value = missing.length > 0 ? missing.join(",") : null;
      // Appended in place: copying the list for every row made a 1,00,000-product import take ~110 s.
      if (value !== row.declarations_missing) appendTo(missingBy, value, row.id);
      const hidden = Number(row.hidden);
      const wanted = hidden === 1 ? 1 : live && missing.length > 0 ? 2 : 0;
      if (wanted !== hidden) appendTo(visibility, wanted, row.id);
    }
    if (rows.length < REFRESH_BATCH) break;
    after = rows[rows.length - 1].id;
  }
  for (const [value, ids] of missingBy) {
    for (let i = 0; i < ids.length; i += 500) await trx.updateTable("products").set({ declarations_missing: value }).where("id", "in", ids.slice(i, i + 500)).execute();
  }
  let changed = 0;
  for (const [hidden, ids] of visibility) {
    for (let i = 0; i < ids.length; i += 500) await trx.updateTable("products").set({ hidden }).where("id", "in", ids.slice(i, i + 500)).execute();
    changed += ids.length;
  }
  if (changed > 0) {
    const moved = await trx.selectFrom("products").select(["name", "sub_category", "category"]).where("id", "in", [...visibility.values()].flat().slice(0, 5000)).execute();
    await recomputeModelFirst(trx, moved.map((row) => ({ name: row.name, subCategory: row.sub_category, category: row.category as never })));
    await markCatalogueChanged(trx);
  }
  return changed;
}

/** A product that lacks a required declaration, for the dashboard and the back office's list. */
export type UndeclaredProduct = { id: string; name: string; brand: string; missing: string[]; withheld: boolean };

/** The products (hidden by staff aside) that lack a required declaration, up to `limit`, and how many in all. */
export async function undeclaredProducts(db: Executor, limit = 50): Promise<{ products: UndeclaredProduct[]; total: number }> {
  const base = db.selectFrom("products").where("declarations_missing", "is not", null).where("hidden", "<>", 1);
  const [rows, count] = await Promise.all([
    base.select(["id", "name", "sub_category", "declarations_missing", "hidden"]).orderBy("position").limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst(),
  ]);
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      brand: row.sub_category,
      missing: (row.declarations_missing ?? "").split(",").map((field) => DECLARATION_LABELS[field as DeclarationField] ?? field),
      withheld: Number(row.hidden) === 2,
    })),
    total: Number(count?.n ?? 0),
  };
}

/**
 * Re-checks every product's declarations once when the server process starts (issue 25 item 2):
 * whether the store takes live payments is the process's configuration, so a store that just went
 * live withholds what lacks a declaration, and one back in test mode shows it again. In the
 * background: a failure is logged and never stops the store.
 */
export function startDeclarationsCheck(database: () => Promise<DB> = getDb): void {
  void (async () => {
    try {
      const db = await database();
      const changed = await db.transaction().execute((trx) => refreshDeclarations(trx));
      if (changed > 0) {
        const livePayments = hasLiveCredentials(getEnv());
        log.info({ changed, livePayments }, `Declarations: ${changed} product(s) changed visibility (live payments: ${livePayments ? "on" : "off"}).`);
      }
    } catch (error) {
      log.error({ err: error }, "Declarations check failed");
    }
  })();
}

/**
 * The country of origin of each of `productIds` as declared now (its own, else its brand's), for
 * the tax invoice's lines (issue 25 item 2); products with none declared are absent.
 */
export async function countriesOfOrigin(db: Executor, productIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(productIds)];
  if (unique.length === 0) return new Map();
  const [brands, rows] = await Promise.all([
    readBrandDeclarations(db),
    db.selectFrom("products").select(["id", "sub_category", "price_paise", "original_paise", "declarations"]).where("id", "in", unique).execute(),
  ]);
  const origins = new Map<string, string>();
  for (const row of rows) {
    const own = row.declarations ? (JSON.parse(row.declarations) as ProductDeclarations) : null;
    const declared = effectiveDeclarations({ pricePaise: Number(row.price_paise), originalPaise: row.original_paise === null ? null : Number(row.original_paise), declarations: own }, brands.get(row.sub_category));
    if (declared.countryOfOrigin) origins.set(row.id, declared.countryOfOrigin);
  }
  return origins;
}

/** Adds `id` to the list kept under `key` in `lists` (a new list for a new key). */
function appendTo<K>(lists: Map<K, string[]>, key: K, id: string): void {
  const list = lists.get(key);
  if (list) list.push(id);
  else lists.set(key, [id]);
}
