import type { DB } from "~/db/db.server";
import { generateDemoCatalogue } from "~/db/demo-catalogue";
import { importCatalogue } from "~/services/catalogue.server";

/**
 * Seeds the demo catalogue (app/db/demo-catalogue.ts, 120 products) through the same import path a
 * store owner uses (`npm run catalogue:import`) when the products table is empty. Returns the number
 * of products imported (0 when a catalogue was already there). Throws if the generator produced an
 * invalid row (a bug), naming the row and field.
 */
export async function seedDemoCatalogueIfEmpty(db: DB): Promise<number> {
  const existing = await db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  if (Number(existing?.n ?? 0) > 0) return 0;
  const result = await importCatalogue(db, generateDemoCatalogue());
  if (!result.ok) {
    const problems = result.errors.slice(0, 3).map((e) => `row ${e.index}, field ${e.field}: ${e.message}`);
    throw new Error(`Demo catalogue is invalid: ${problems.join("; ")}`);
  }
  return result.imported;
}
