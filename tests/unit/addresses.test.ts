import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "~/db/db.server";
import { registerAccount } from "~/services/accounts.server";
import {
  addSavedAddress,
  defaultAddressPin,
  deleteSavedAddress,
  getSavedAddress,
  listSavedAddresses,
  MAX_SAVED_ADDRESSES,
  SAVED_ADDRESS_MESSAGES,
  SavedAddressInputError,
  setDefaultSavedAddress,
  updateSavedAddress,
} from "~/services/addresses.server";
import { ADDRESS } from "../fixtures/address";
import { testDatabases, type TestDatabase } from "../setup/databases";
import { refusal as rejection } from "../setup/refusal";

/** Saved delivery addresses (issue 13 item 5; docs/decisions/0623), on SQLite and PostgreSQL. */

let counter = 0;
async function shopper(db: DB): Promise<number> {
  counter += 1;
  const grant = await registerAccount(db, { name: "Asha", email: `addr${counter}-${Date.now()}@example.in`, password: "correct horse 42" });
  return grant.account.id;
}

const HOME = { ...ADDRESS, street: "12 MG Road", zipcode: "560001" };
const OFFICE = { ...ADDRESS, street: "4 Old Airport Road, Indiranagar", zipcode: "560 038", phone: "+91 98450-12345" };
const MUMBAI = { ...ADDRESS, street: "7 Marine Drive", city: "Mumbai", state: "maharashtra", zipcode: "400001" };

describe.each(testDatabases())("saved addresses on $name", ({ create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it("the first address becomes the default; the list is default first, then newest; input is normalised", async () => {
    const user = await shopper(t.db);
    expect(await listSavedAddresses(t.db, user)).toEqual([]);
    expect(await defaultAddressPin(t.db, user)).toBeNull();
    const home = await addSavedAddress(t.db, user, HOME, { now: 1000 });
    expect(home.isDefault).toBe(true);
    const office = await addSavedAddress(t.db, user, OFFICE, { now: 2000 });
    expect(office.isDefault).toBe(false);
    expect(office.address).toMatchObject({ zipcode: "560038", phone: "9845012345", state: "Karnataka", country: "India" });
    const mumbai = await addSavedAddress(t.db, user, MUMBAI, { now: 3000 });
    expect(mumbai.address.state).toBe("Maharashtra");
    expect((await listSavedAddresses(t.db, user)).map((a) => [a.id, a.isDefault])).toEqual([
      [home.id, true],
      [mumbai.id, false],
      [office.id, false],
    ]);
    expect(await defaultAddressPin(t.db, user)).toBe("560001");
  });

  it("setting a default clears the others; deleting the default makes the newest remaining one default", async () => {
    const user = await shopper(t.db);
    const home = await addSavedAddress(t.db, user, HOME, { now: 1000 });
    const office = await addSavedAddress(t.db, user, OFFICE, { now: 2000 });
    const mumbai = await addSavedAddress(t.db, user, MUMBAI, { now: 3000 });
    await setDefaultSavedAddress(t.db, user, String(office.id));
    let list = await listSavedAddresses(t.db, user);
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([office.id]);
    expect(list[0].id).toBe(office.id);
    expect(await defaultAddressPin(t.db, user)).toBe("560038");

    await deleteSavedAddress(t.db, user, office.id);
    list = await listSavedAddresses(t.db, user);
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([
      [mumbai.id, true],
      [home.id, false],
    ]);
    // Deleting one that is not the default leaves the default alone.
    await deleteSavedAddress(t.db, user, home.id);
    expect((await listSavedAddresses(t.db, user)).map((a) => [a.id, a.isDefault])).toEqual([[mumbai.id, true]]);
    await deleteSavedAddress(t.db, user, mumbai.id);
    expect(await listSavedAddresses(t.db, user)).toEqual([]);
    expect(await defaultAddressPin(t.db, user)).toBeNull();
    // A new address after all were deleted is the default again.
    expect((await addSavedAddress(t.db, user, HOME)).isDefault).toBe(true);
  });

  it("edits an address in place, keeping whether it is the default", async () => {
    const user = await shopper(t.db);
    const home = await addSavedAddress(t.db, user, HOME, { now: 1000 });
    const edited = await updateSavedAddress(t.db, user, home.id, { ...HOME, street: "14 MG Road", phone: "9876500000" }, 5000);
    expect(edited).toMatchObject({ id: home.id, isDefault: true, createdAt: 1000, updatedAt: 5000 });
    expect(edited.address).toMatchObject({ street: "14 MG Road", phone: "9876500000" });
    expect((await getSavedAddress(t.db, user, home.id)).address.street).toBe("14 MG Road");
  });

  it("another shopper's address reads as not found, and stays as it was", async () => {
    const owner = await shopper(t.db);
    const other = await shopper(t.db);
    const home = await addSavedAddress(t.db, owner, HOME);
    for (const attempt of [
      () => getSavedAddress(t.db, other, home.id),
      () => updateSavedAddress(t.db, other, home.id, MUMBAI),
      () => deleteSavedAddress(t.db, other, home.id),
      () => setDefaultSavedAddress(t.db, other, home.id),
    ]) {
      const error = await rejection(attempt());
      expect(error.status).toBe(404);
      expect(error.message).toBe(SAVED_ADDRESS_MESSAGES.notFound);
    }
    for (const id of ["abc", "", "-1", "1.5", "9999999", null, { id: 1 }]) {
      expect((await rejection(getSavedAddress(t.db, owner, id))).status).toBe(404);
    }
    expect(await listSavedAddresses(t.db, other)).toEqual([]);
    expect((await getSavedAddress(t.db, owner, home.id)).address.street).toBe("12 MG Road");
  });

  it("refuses bad input with the field's sentence (400) and writes nothing", async () => {
    const user = await shopper(t.db);
    const cases: [unknown, string, string][] = [
      [{ ...HOME, firstName: "  " }, "firstName", "Please enter your first name."],
      [{ ...HOME, zipcode: "12345" }, "zipcode", "Please enter a valid 6-digit PIN code."],
      [{ ...HOME, zipcode: "999999" }, "zipcode", "This PIN code doesn't exist. Please check it."],
      [{ ...HOME, state: "Kerala" }, "state", "This PIN code is in Karnataka. Please check the state or the PIN code."],
      [{ ...HOME, state: "Atlantis" }, "state", "Please choose your state or union territory."],
      [{ ...HOME, phone: "12345" }, "phone", "Please enter a valid 10-digit mobile number."],
      [{ ...HOME, country: "Nepal" }, "country", "We deliver within India only."],
      [{ ...HOME, street: "x".repeat(201) }, "street", "This is too long."],
      ["not an object", "firstName", "Please enter your first name."],
    ];
    for (const [input, field, message] of cases) {
      const error = await rejection(addSavedAddress(t.db, user, input));
      expect(error).toBeInstanceOf(SavedAddressInputError);
      expect(error.status).toBe(400);
      expect(error.message).toBe(message);
      expect((error as SavedAddressInputError).fieldErrors[field as "zipcode"]).toBe(message);
    }
    expect(await listSavedAddresses(t.db, user)).toEqual([]);
    const home = await addSavedAddress(t.db, user, HOME);
    expect((await rejection(updateSavedAddress(t.db, user, home.id, { ...HOME, zipcode: "999999" }))).status).toBe(400);
    expect((await getSavedAddress(t.db, user, home.id)).address.zipcode).toBe("560001");
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses (409), and does not add the same address twice`, async () => {
    const user = await shopper(t.db);
    const first = await addSavedAddress(t.db, user, HOME);
    const again = await addSavedAddress(t.db, user, { ...HOME, zipcode: "560 001" });
    expect(again.id).toBe(first.id);
    for (let n = 2; n <= MAX_SAVED_ADDRESSES; n += 1) await addSavedAddress(t.db, user, { ...HOME, street: `${n} MG Road` });
    expect(await listSavedAddresses(t.db, user)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = await rejection(addSavedAddress(t.db, user, { ...HOME, street: "11 MG Road" }));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(SAVED_ADDRESS_MESSAGES.limit);
    expect(await listSavedAddresses(t.db, user)).toHaveLength(MAX_SAVED_ADDRESSES);
    // One already in the book is still found at the limit (checkout's "save" ticked again).
    expect((await addSavedAddress(t.db, user, HOME)).id).toBe(first.id);
  });

  it("addresses added at once by one shopper keep one default and the limit", async () => {
    const user = await shopper(t.db);
    const results = await Promise.allSettled(
      Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, n) => addSavedAddress(t.db, user, { ...HOME, street: `${n + 1} Residency Road` })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_SAVED_ADDRESSES);
    const list = await listSavedAddresses(t.db, user);
    expect(list).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(list.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("makeDefault makes a new (or an existing identical) address the default", async () => {
    const user = await shopper(t.db);
    const home = await addSavedAddress(t.db, user, HOME);
    const office = await addSavedAddress(t.db, user, OFFICE, { makeDefault: true });
    expect(office.isDefault).toBe(true);
    expect((await getSavedAddress(t.db, user, home.id)).isDefault).toBe(false);
    await addSavedAddress(t.db, user, HOME, { makeDefault: true });
    expect((await listSavedAddresses(t.db, user)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([home.id]);
  });
});
