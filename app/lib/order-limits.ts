/*
 * How many watches one order, one cart and one account's unpaid online orders may hold (issue 43
 * item 3; docs/decisions/0930). One new account used to put a watch's whole stock (166 units,
 * ₹21.2 lakh) into two unpaid online orders: the watch read "Out of stock" for everyone else for
 * the whole hold, again and again. These limits bound what one account can keep from others
 * without paying; a shopper with a real large order contacts the store. Pure, so the cart page, the
 * checkout page and the order rules (services/orders.server.ts) say the same thing.
 */

import { MAX_UNITS_OF_ONE_WATCH, MAX_UNITS_PER_ORDER, MAX_UNPAID_UNITS, MAX_UNPAID_UNITS_OF_ONE_WATCH } from "~/constants/store";

export { MAX_UNITS_OF_ONE_WATCH, MAX_UNITS_PER_ORDER, MAX_UNPAID_UNITS, MAX_UNPAID_UNITS_OF_ONE_WATCH };

/** The sentences a shopper reads when a limit stops them (cart, checkout, Store API). */
export const ORDER_LIMIT_MESSAGES = {
  /** One order, or the cart: more than MAX_UNITS_OF_ONE_WATCH of one watch. */
  watchOverLimit: (name: string) =>
    `An order can have at most ${MAX_UNITS_OF_ONE_WATCH} of ${name}. Lower the quantity, or contact the store for a larger order.`,
  /** One order, or the cart: more than MAX_UNITS_PER_ORDER watches. */
  orderOverLimit: `An order can have at most ${MAX_UNITS_PER_ORDER} watches. Remove some, or contact the store for a larger order.`,
  /** With the account's unpaid online orders of the last hour: more than MAX_UNPAID_UNITS_OF_ONE_WATCH of one watch. */
  unpaidWatchOverLimit: (name: string) =>
    `Your unpaid orders from the last hour already include ${name}, and one account can have at most ${MAX_UNPAID_UNITS_OF_ONE_WATCH} of a watch in unpaid orders in an hour. Please pay for the order you started, try again later, or contact the store for a larger order.`,
  /** The same for every watch together: more than MAX_UNPAID_UNITS. */
  unpaidOverLimit: `Your unpaid orders from the last hour already include other watches, and one account can have at most ${MAX_UNPAID_UNITS} watches in unpaid orders in an hour. Please pay for the order you started, try again later, or contact the store for a larger order.`,
} as const;

type Units = { productId: string; quantity: number };

/** Units per product (colours add up), in first-seen order. */
function unitsByProduct(lines: readonly Units[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

const totalUnits = (lines: readonly Units[]) => lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * Why `lines` (a cart, or an order's items; `name` the watch's name as the page shows it) may not
 * be ordered, as sentences: a watch past MAX_UNITS_OF_ONE_WATCH, then all units past
 * MAX_UNITS_PER_ORDER. `productId` is null for the all-watches sentence. Empty when the lines fit
 * one order.
 */
export function orderLimitProblems(lines: readonly (Units & { name: string })[]): { productId: string | null; message: string }[] {
  const problems: { productId: string | null; message: string }[] = [];
  for (const [productId, units] of unitsByProduct(lines)) {
    if (units > MAX_UNITS_OF_ONE_WATCH) problems.push({ productId, message: ORDER_LIMIT_MESSAGES.watchOverLimit(nameOf(lines, productId)) });
  }
  if (totalUnits(lines) > MAX_UNITS_PER_ORDER) problems.push({ productId: null, message: ORDER_LIMIT_MESSAGES.orderOverLimit });
  return problems;
}

/**
 * Why an unpaid online order of `lines` may not be started while the account's unpaid online
 * orders of the last hour have `unpaid` (their items, whether their units are still held or went
 * back): together past MAX_UNPAID_UNITS_OF_ONE_WATCH of a watch, or past MAX_UNPAID_UNITS in all.
 * Empty when it may.
 */
export function unpaidLimitProblems(
  lines: readonly (Units & { name: string })[],
  unpaid: readonly Units[],
): { productId: string | null; message: string }[] {
  const problems: { productId: string | null; message: string }[] = [];
  const before = unitsByProduct(unpaid);
  for (const [productId, units] of unitsByProduct(lines)) {
    if (units + (before.get(productId) ?? 0) > MAX_UNPAID_UNITS_OF_ONE_WATCH) {
      problems.push({ productId, message: ORDER_LIMIT_MESSAGES.unpaidWatchOverLimit(nameOf(lines, productId)) });
    }
  }
  if (totalUnits(lines) + totalUnits(unpaid) > MAX_UNPAID_UNITS) problems.push({ productId: null, message: ORDER_LIMIT_MESSAGES.unpaidOverLimit });
  return problems;
}

function nameOf(lines: readonly (Units & { name: string })[], productId: string): string {
  return lines.find((line) => line.productId === productId)!.name;
}
