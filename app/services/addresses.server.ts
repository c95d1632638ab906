import type { Selectable } from "kysely";
import { z } from "zod";
import type { DB, Executor } from "~/db/db.server";
import type { SavedAddressesTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import { DELIVERY_MESSAGES } from "~/schemas/delivery";
import { addressSchema, storedAddressSchema, type Address, type AddressField } from "~/schemas/orders";
import { lockShopper } from "~/services/orders.server";
import { lookupPin } from "~/lib/pin-directory.server";

/**
 * A logged-in shopper's saved delivery addresses (issue 13 item 5; DESIGN.md §19;
 * docs/decisions/0623): kept in `saved_addresses`, at most 10 a shopper, exactly one of them the
 * default while there are any. Every function is scoped to one shopper's user id: another
 * shopper's address reads as not found (404). Addresses are parsed with `addressSchema` (the
 * checkout's rules, SPEC.md §5) and their PIN code must exist and lie in their state (the PIN
 * directory), so a saved address is one checkout accepts.
 */

/** The most addresses one shopper keeps (docs/decisions/0623). */
export const MAX_SAVED_ADDRESSES = 10;

/** The sentences of the address book. */
export const SAVED_ADDRESS_MESSAGES = {
  notFound: "We couldn't find that address.",
  limit: `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Please delete one you no longer use first.`,
} as const;

/** The address as stored: `storedAddressSchema`, already normalised by `addressSchema`. */
export type StoredAddress = z.output<typeof storedAddressSchema>;

/** One saved address: its id, the address, whether it is the default, times in ms since epoch. */
export type SavedAddress = { id: number; address: StoredAddress; isDefault: boolean; createdAt: number; updatedAt: number };

/** A saved address's problems by field (400): `fieldErrors` for the form, `message` the first of them. */
export class SavedAddressInputError extends BackendError {
  constructor(readonly fieldErrors: Partial<Record<AddressField, string>>) {
    super(400, Object.values(fieldErrors)[0] ?? "Please check the address.");
    this.name = "SavedAddressInputError";
  }
}

/** An address id as posted (hostile): a positive whole number, or null. */
const addressIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function addressIdOf(input: unknown): number {
  const parsed = addressIdSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(404, SAVED_ADDRESS_MESSAGES.notFound);
  return parsed.data;
}

/**
 * Parses an address for the book (hostile input, e.g. a form's fields as an object): `addressSchema`
 * (trimmed, PIN and mobile normalised, the state's canonical name), then the PIN directory — the
 * PIN code must exist (`DELIVERY_MESSAGES.pinUnknown` on `zipcode`) and lie in the state
 * (`DELIVERY_MESSAGES.stateMismatch` on `state`). Throws `SavedAddressInputError` (400) with the
 * problems by field; returns the address to store.
 */
export function parseSavedAddress(input: unknown): Address {
  // Anything but an object reads as an empty form: each field's own sentence, never zod's.
  const parsed = addressSchema.safeParse(input !== null && typeof input === "object" && !Array.isArray(input) ? input : {});
  if (!parsed.success) {
    const fieldErrors: Partial<Record<AddressField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = (typeof issue.path[0] === "string" ? issue.path[0] : "street") as AddressField;
      fieldErrors[field] ??= issue.message;
    }
    throw new SavedAddressInputError(fieldErrors);
  }
  const address = parsed.data;
  const place = lookupPin(address.zipcode);
  if (!place) throw new SavedAddressInputError({ zipcode: DELIVERY_MESSAGES.pinUnknown });
  if (!place.states.includes(address.state)) throw new SavedAddressInputError({ state: DELIVERY_MESSAGES.stateMismatch(place.state) });
  return address;
}

/** A saved address as read (db/schema.ts; PostgreSQL may answer its bigint times as strings, hence Number() below). */
type Row = Pick<Selectable<SavedAddressesTable>, "id" | "address_json" | "is_default" | "created_at" | "updated_at">;

function savedAddressOf(row: Row): SavedAddress | null {
  let json: unknown;
  try {
    json = JSON.parse(row.address_json);
  } catch {
    return null;
  }
  const address = storedAddressSchema.safeParse(json);
  if (!address.success) return null;
  return { id: Number(row.id), address: address.data, isDefault: Number(row.is_default) === 1, createdAt: Number(row.created_at), updatedAt: Number(row.updated_at) };
}

const COLUMNS = ["id", "address_json", "is_default", "created_at", "updated_at"] as const;

/** The shopper's addresses, the default first, then the newest first (a row that no longer reads is left out). */
export async function listSavedAddresses(db: Executor, userId: number): Promise<SavedAddress[]> {
  const rows = await db
    .selectFrom("saved_addresses")
    .select(COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("is_default", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.flatMap((row) => savedAddressOf(row) ?? []);
}

/** One of the shopper's addresses by id (hostile: a form field or `?edit=`); BackendError 404 for any other. */
export async function getSavedAddress(db: Executor, userId: number, id: unknown): Promise<SavedAddress> {
  const row = await db.selectFrom("saved_addresses").select(COLUMNS).where("id", "=", addressIdOf(id)).where("user_id", "=", userId).executeTakeFirst();
  const saved = row ? savedAddressOf(row) : null;
  if (!saved) throw new BackendError(404, SAVED_ADDRESS_MESSAGES.notFound);
  return saved;
}

/** The PIN code of the shopper's default address, or null when they have none (issue 13 item 5: the PIN prefilled). */
export async function defaultAddressPin(db: Executor, userId: number): Promise<string | null> {
  const row = await db.selectFrom("saved_addresses").select(COLUMNS).where("user_id", "=", userId).where("is_default", "=", 1).orderBy("id", "desc").executeTakeFirst();
  return (row && savedAddressOf(row)?.address.zipcode) || null;
}

/** Runs `work` in one transaction with the shopper's writes serialised (a row lock on PostgreSQL). */
function inShopperTransaction<T>(db: DB, userId: number, work: (trx: Executor) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockShopper(trx, userId);
    return work(trx);
  });
}

/**
 * Adds an address to the shopper's book (`input` hostile: parsed by `parseSavedAddress`, 400 by
 * field). The first address becomes the default, and so does this one with `makeDefault`. An
 * address the book already holds, field for field, is not added twice: that one comes back.
 * BackendError 409 `SAVED_ADDRESS_MESSAGES.limit` when the shopper already keeps 10. Nothing is
 * written on any error. Returns the saved address.
 */
export async function addSavedAddress(db: DB, userId: number, input: unknown, options: { makeDefault?: boolean; now?: number } = {}): Promise<SavedAddress> {
  const address = parseSavedAddress(input);
  const json = JSON.stringify(storedAddressSchema.parse(address));
  const now = options.now ?? Date.now();
  const id = await inShopperTransaction(db, userId, async (trx) => {
    const rows = await trx.selectFrom("saved_addresses").select(["id", "address_json"]).where("user_id", "=", userId).execute();
    const same = rows.find((row) => row.address_json === json);
    if (same) {
      if (options.makeDefault) await makeDefault(trx, userId, Number(same.id), now);
      return Number(same.id);
    }
    if (rows.length >= MAX_SAVED_ADDRESSES) throw new BackendError(409, SAVED_ADDRESS_MESSAGES.limit);
    const isDefault = rows.length === 0 || options.makeDefault === true;
    if (isDefault) await trx.updateTable("saved_addresses").set({ is_default: 0 }).where("user_id", "=", userId).where("is_default", "=", 1).execute();
    const inserted = await trx
      .insertInto("saved_addresses")
      .values({ user_id: userId, address_json: json, is_default: isDefault ? 1 : 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  });
  return getSavedAddress(db, userId, id);
}

/**
 * Replaces one of the shopper's addresses (`id` and `input` hostile; 404 for an address that is
 * not theirs, 400 by field as `parseSavedAddress`). Whether it is the default stays as it was.
 * Returns the saved address.
 */
export async function updateSavedAddress(db: DB, userId: number, id: unknown, input: unknown, now = Date.now()): Promise<SavedAddress> {
  const addressId = addressIdOf(id);
  const address = parseSavedAddress(input);
  const json = JSON.stringify(storedAddressSchema.parse(address));
  const updated = await db
    .updateTable("saved_addresses")
    .set({ address_json: json, updated_at: now })
    .where("id", "=", addressId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new BackendError(404, SAVED_ADDRESS_MESSAGES.notFound);
  return getSavedAddress(db, userId, addressId);
}

/**
 * Deletes one of the shopper's addresses (`id` hostile; 404 for an address that is not theirs).
 * When it was the default, the newest remaining address becomes the default, in the same transaction.
 */
export async function deleteSavedAddress(db: DB, userId: number, id: unknown, now = Date.now()): Promise<void> {
  const addressId = addressIdOf(id);
  await inShopperTransaction(db, userId, async (trx) => {
    const row = await trx.selectFrom("saved_addresses").select(["id", "is_default"]).where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
    if (!row) throw new BackendError(404, SAVED_ADDRESS_MESSAGES.notFound);
    await trx.deleteFrom("saved_addresses").where("id", "=", addressId).where("user_id", "=", userId).execute();
    if (Number(row.is_default) !== 1) return;
    const newest = await trx
      .selectFrom("saved_addresses")
      .select("id")
      .where("user_id", "=", userId)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .executeTakeFirst();
    if (newest) await makeDefault(trx, userId, Number(newest.id), now);
  });
}

/**
 * Makes one of the shopper's addresses the default (`id` hostile; 404 for an address that is not
 * theirs): the others stop being the default in the same transaction, so there is always exactly one.
 */
export async function setDefaultSavedAddress(db: DB, userId: number, id: unknown, now = Date.now()): Promise<void> {
  const addressId = addressIdOf(id);
  await inShopperTransaction(db, userId, async (trx) => {
    const row = await trx.selectFrom("saved_addresses").select("id").where("id", "=", addressId).where("user_id", "=", userId).executeTakeFirst();
    if (!row) throw new BackendError(404, SAVED_ADDRESS_MESSAGES.notFound);
    await makeDefault(trx, userId, addressId, now);
  });
}

async function makeDefault(trx: Executor, userId: number, addressId: number, now: number) {
  await trx.updateTable("saved_addresses").set({ is_default: 0 }).where("user_id", "=", userId).where("id", "!=", addressId).where("is_default", "=", 1).execute();
  await trx.updateTable("saved_addresses").set({ is_default: 1, updated_at: now }).where("id", "=", addressId).where("user_id", "=", userId).execute();
}
