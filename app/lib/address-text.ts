/**
 * A saved delivery address as lines a shopper reads (issue 13 item 5): on /profile's address
 * blocks and checkout's choices. Pure and isomorphic.
 */

/** The fields of an address that its summary shows. */
export type AddressForText = { firstName: string; lastName: string; street: string; city: string; state: string; zipcode: string; phone: string };

/** ["Asha Rao", "12 MG Road", "Bengaluru, Karnataka 560001", "Mobile 9876543210"]. */
export function addressLines(address: AddressForText): string[] {
  return [`${address.firstName} ${address.lastName}`.trim(), address.street, `${address.city}, ${address.state} ${address.zipcode}`, `Mobile ${address.phone}`];
}

/** The address in one line, for a control's accessible name: "Asha Rao, 12 MG Road, Bengaluru". */
export function addressShortName(address: AddressForText): string {
  return `${address.firstName} ${address.lastName}, ${address.street}, ${address.city}`;
}
