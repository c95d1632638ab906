import { canonicalIndianState } from "~/constants/indian-states";
import type { Executor } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { deliveryAnswer, type DeliveryAnswer, type DeliveryWindow } from "~/lib/delivery";
import { firstIssueMessage } from "~/schemas/api";
import { DEFAULT_DELIVERY_RULES, DELIVERY_MESSAGES, deliveryRulesSchema, pinQuerySchema, type DeliveryRules } from "~/schemas/delivery";
import { recordAudit, type Actor } from "~/services/audit.server";
import { lookupPin } from "~/lib/pin-directory.server";

/**
 * The delivery promise (issue 13; DESIGN.md §19; docs/decisions/0620): the owner's rules, kept in
 * `delivery_rules` (one row; the defaults of schemas/delivery.ts until the owner saves), and the
 * answers built from them and the PIN directory for the product page, the cart, checkout and orders.
 */

/** The owner's delivery rules, or the defaults when none are saved (or the saved row no longer parses). */
export async function readDeliveryRules(db: Executor): Promise<DeliveryRules> {
  const row = await db.selectFrom("delivery_rules").select("rules_json").where("id", "=", 1).executeTakeFirst();
  if (!row) return DEFAULT_DELIVERY_RULES;
  try {
    const parsed = deliveryRulesSchema.safeParse(JSON.parse(row.rules_json));
    return parsed.success ? parsed.data : DEFAULT_DELIVERY_RULES;
  } catch {
    return DEFAULT_DELIVERY_RULES;
  }
}

/**
 * Saves new delivery rules (the back office, owner only; issue 13 item 2): `input` is parsed with
 * `deliveryRulesSchema` (BackendError 400 with the first problem's sentence, nothing written), then
 * stored with one audit row (entity `delivery`, id `rules`) in one transaction. Returns the rules saved.
 */
export async function saveDeliveryRules(db: Executor, input: unknown, actor: Actor, now = Date.now()): Promise<DeliveryRules> {
  const parsed = deliveryRulesSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstIssueMessage(parsed.error));
  const before = await readDeliveryRules(db);
  const rules = parsed.data;
  const json = JSON.stringify(rules);
  const write = async (trx: Executor) => {
    await trx
      .insertInto("delivery_rules")
      .values({ id: 1, rules_json: json, updated_at: now })
      .onConflict((oc) => oc.column("id").doUpdateSet({ rules_json: json, updated_at: now }))
      .execute();
    await recordAudit(trx, { actor, entity: "delivery", entityId: "rules", action: "delivery rules changed", before, after: rules, at: now });
  };
  if ("transaction" in db) await db.transaction().execute(write);
  else await write(db);
  return rules;
}

/**
 * "Check delivery" (issue 13 item 3): a PIN code as typed (`?pin=`, spaces allowed) → the answer
 * for an order of `amountPaise` placed at `now` (ms): invalid (not 6 digits, first not 0), unknown
 * to India Post, not served, or the IST window and whether cash on delivery can pay.
 */
export async function checkDelivery(
  db: Executor,
  pinInput: unknown,
  options: { amountPaise: number; codEnabled: boolean; now?: number },
): Promise<DeliveryAnswer> {
  return checkDeliveryWith(await readDeliveryRules(db), pinInput, options);
}

/** `checkDelivery` under the given `rules` (pure; a store without its own rules previews with the defaults). */
export function checkDeliveryWith(rules: DeliveryRules, pinInput: unknown, options: { amountPaise: number; codEnabled: boolean; now?: number }): DeliveryAnswer {
  const parsed = pinQuerySchema.safeParse(pinInput);
  if (!parsed.success) {
    return { kind: "invalid", pin: typeof pinInput === "string" ? pinInput.slice(0, 12) : "", message: firstIssueMessage(parsed.error) };
  }
  const pin = parsed.data;
  return deliveryAnswer(pin, lookupPin(pin), rules, { ...options, now: options.now ?? Date.now() });
}

/** What is wrong with an order's delivery, by the checkout field it belongs to (issue 13 item 4). */
export type DeliveryProblems = Partial<Record<"zipcode" | "state" | "paymentMethod", string>>;

/**
 * Checks an order's delivery before any payment starts (issue 13 item 4): the PIN code must exist,
 * the state must be the PIN's (or one of its states, for the few PINs on a border), the PIN must be
 * served, and cash on delivery must be allowed there for `amountPaise`. Returns the promised window,
 * or the problems by field (their sentences from DELIVERY_MESSAGES).
 */
export async function checkOrderDelivery(
  db: Executor,
  address: { zipcode: string; state: string },
  options: { amountPaise: number; codEnabled: boolean; paymentMethod: string; now?: number },
): Promise<OrderDeliveryCheck> {
  return checkOrderDeliveryWith(await readDeliveryRules(db), address, options);
}

/** What `checkOrderDelivery` answers: the promised window, or the problems by field. */
export type OrderDeliveryCheck = { window: DeliveryWindow; problems: null } | { window: null; problems: DeliveryProblems };

/** `checkOrderDelivery` under the given `rules` (pure). */
export function checkOrderDeliveryWith(
  rules: DeliveryRules,
  address: { zipcode: string; state: string },
  options: { amountPaise: number; codEnabled: boolean; paymentMethod: string; now?: number },
): OrderDeliveryCheck {
  const answer = checkDeliveryWith(rules, address.zipcode, options);
  if (answer.kind === "invalid" || answer.kind === "unknown") return { window: null, problems: { zipcode: answer.message } };
  const state = canonicalIndianState(address.state);
  if (!state || !answer.place.states.includes(state)) return { window: null, problems: { state: DELIVERY_MESSAGES.stateMismatch(answer.place.state) } };
  if (answer.kind === "unserviceable") return { window: null, problems: { zipcode: answer.message } };
  if (options.paymentMethod === "cod" && !answer.cod.available) return { window: null, problems: { paymentMethod: answer.cod.message } };
  return { window: answer.window, problems: null };
}

/**
 * `checkOrderDelivery` for the Store API and the services: the window, or BackendError 400 with the
 * first problem's sentence (PIN, then state, then payment method).
 */
export async function requireOrderDelivery(
  db: Executor,
  address: { zipcode: string; state: string },
  options: { amountPaise: number; codEnabled: boolean; paymentMethod: string; now?: number },
): Promise<DeliveryWindow> {
  const checked = await checkOrderDelivery(db, address, options);
  if (checked.problems) throw new BackendError(400, checked.problems.zipcode ?? checked.problems.state ?? checked.problems.paymentMethod!);
  return checked.window;
}
