import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { INDIAN_STATES_AND_UTS } from "~/constants/indian-states";
import { STAFF_ROLES } from "~/constants/staff";
import { ORDER_STATUSES } from "~/constants/store";
import { refundKeySchema, refundTextSchema, rupeeAmountSchema } from "~/schemas/admin-orders";
import { parseCollectionParams } from "~/schemas/collection-params";
import { DELIVERY_ZONES, deliveryRulesSchema, type DeliveryRules, type DeliveryZone } from "~/schemas/delivery";
import { orderIdSchema } from "~/schemas/orders";
import { isKnownPlace, lookupPin } from "~/lib/pin-directory.server";
import type { AdminListParams } from "~/backend/own/types";

/**
 * The back office's forms and URLs, parsed with zod on the server only (issue 12; STYLE.md habit
 * 3). Like utils/forms.server.ts for the storefront: a route module that imported these schemas
 * would ship zod to the browser, and a schema shared with a storefront page would split that
 * page's bundle (DESIGN.md §17; docs/decisions/0530). Each `parse…Form` answers conform's
 * Submission.
 */

/** The order list's filters from its URL (schemas/admin-orders.ts; issue 12 item 1). */
export { parseAdminOrdersFilter } from "~/schemas/admin-orders";

/** An order id from the URL, or null when it cannot be one (the page then answers 404). */
export function parseAdminOrderId(value: string | undefined): string | null {
  const parsed = orderIdSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const optionalText = z.string().trim().max(500).optional();
const paymentIdField = z.string({ error: "Choose a payment." }).min(1).max(200);

/** The page's forms, one `intent` each. Rupees in, paise out (rupeeAmountSchema). */
const orderActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("status"),
    status: z.enum(ORDER_STATUSES, { error: "Choose a status." }),
    courier: optionalText,
    awbNumber: optionalText,
    trackingUrl: optionalText,
  }),
  z.object({ intent: z.literal("cod-paid") }),
  z.object({
    intent: z.literal("refund"),
    amount: rupeeAmountSchema,
    via: z.enum(["cashfree", "manual"], { error: "Choose how the money goes back." }),
    reference: refundTextSchema("The reference", 100),
    note: refundTextSchema("The note", 500),
    key: refundKeySchema,
  }),
  z.object({ intent: z.literal("refresh-refund"), refundId: z.string().regex(/^r[fx]_[0-9a-f]{24}$/, "Unknown refund.") }),
  z.object({ intent: z.literal("refund-extra"), paymentId: paymentIdField }),
  z.object({ intent: z.literal("extra-elsewhere"), paymentId: paymentIdField, reference: refundTextSchema("The reference", 100) }),
]);

/** The order page's forms (issue 12 item 1): status, cod-paid, refund, refresh-refund, refund-extra, extra-elsewhere. */
export function parseOrderActionForm(formData: FormData) {
  return parseWithZod(formData, { schema: orderActionSchema });
}

const emailField = z.string({ error: "Enter the email address of an existing account." }).trim().toLowerCase().min(1, "Enter the email address of an existing account.");

/** The page's forms: `grant` (email + role) and `remove` (email). */
const staffFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("grant"), email: emailField, role: z.enum(STAFF_ROLES, { error: "Choose owner or staff." }) }),
  z.object({ intent: z.literal("remove"), email: emailField }),
]);

/** /admin/staff's forms (issue 12 "Who gets in"): grant a role, remove it. */
export function parseStaffForm(formData: FormData) {
  return parseWithZod(formData, { schema: staffFormSchema });
}

const productIntentSchema = z.enum(["save", "hide", "show", "bestseller-on", "bestseller-off"]);

/** The product page's `intent` (issue 12 item 2): zod's safeParse result. */
export function parseProductIntent(value: FormDataEntryValue | null) {
  return productIntentSchema.safeParse(value);
}

const visibilitySchema = z.enum(["all", "shown", "hidden"]).catch("all");
const stockFilterSchema = z.enum(["all", "low", "out"]).catch("all");
const rupeeBound = z.string().trim().regex(/^\d{1,10}$/).transform(Number);

/**
 * The product list's URL (issue 12 item 2): the /collection parameters (app/schemas/collection-params.ts)
 * with `min`/`max` in whole rupees applied only when given (null otherwise: no bound, as the
 * storefront's default has been since issue 48), plus `show` = all | shown | hidden and
 * `stock` = low | out (anything else: all; issue 23). Bad values fall back to their defaults;
 * never throws.
 */
export function parseAdminProductListParams(search: URLSearchParams): AdminListParams {
  const bound = (name: "min" | "max") => {
    const parsed = rupeeBound.safeParse(search.get(name) ?? "");
    return parsed.success ? parsed.data : null;
  };
  return {
    ...parseCollectionParams(search),
    min: bound("min"),
    max: bound("max"),
    visibility: visibilitySchema.parse(search.get("show") ?? "all"),
    stock: stockFilterSchema.parse(search.get("stock") ?? "all"),
  };
}

/** The delivery rules form's fields (/admin/delivery; issue 13 item 2). */
export const DELIVERY_FORM_FIELDS = [
  "processingMin",
  "processingMax",
  "metroMin",
  "metroMax",
  "restMin",
  "restMax",
  "remoteMin",
  "remoteMax",
  "metroPlaces",
  "remoteStates",
  "unserviceable",
  "codMax",
  "holidays",
] as const;
export type DeliveryFormField = (typeof DELIVERY_FORM_FIELDS)[number];

/**
 * The delivery rules form as text, the way the owner sees and types it: days as digits, COD per
 * zone as booleans, lists one entry a line, the COD maximum in whole rupees, holidays
 * "YYYY-MM-DD Name" a line.
 */
export type DeliveryFormValues = {
  processingMin: string;
  processingMax: string;
  metroMin: string;
  metroMax: string;
  restMin: string;
  restMax: string;
  remoteMin: string;
  remoteMax: string;
  metroCod: boolean;
  restCod: boolean;
  remoteCod: boolean;
  metroPlaces: string;
  remoteStates: string[];
  unserviceable: string;
  codMax: string;
  holidays: string;
};

/** The delivery rules form's answer: the rules to save, or one sentence per field in error and the values as entered. */
export type DeliveryFormResult =
  | { ok: true; rules: DeliveryRules; values: DeliveryFormValues }
  | { ok: false; errors: Partial<Record<DeliveryFormField, string>>; values: DeliveryFormValues };

const MAX_COD_RUPEES = 1_000_000;
const LIST_LIMITS = { metroPlaces: 500, unserviceable: 5000, holidays: 400 } as const;

/** Saved rules → the form's text (rupees from paise; holidays sorted, with their names when kept). */
export function deliveryFormValues(rules: DeliveryRules): DeliveryFormValues {
  const names = rules.holidayNames ?? {};
  const zone = (z: DeliveryZone) => ({ min: String(rules.zones[z].minDays), max: String(rules.zones[z].maxDays), cod: rules.zones[z].cod });
  const metro = zone("metro");
  const rest = zone("rest");
  const remote = zone("remote");
  return {
    processingMin: String(rules.processing.minDays),
    processingMax: String(rules.processing.maxDays),
    metroMin: metro.min,
    metroMax: metro.max,
    metroCod: metro.cod,
    restMin: rest.min,
    restMax: rest.max,
    restCod: rest.cod,
    remoteMin: remote.min,
    remoteMax: remote.max,
    remoteCod: remote.cod,
    metroPlaces: rules.metroPlaces.join("\n"),
    remoteStates: [...rules.remoteStates],
    unserviceable: rules.unserviceable.join("\n"),
    codMax: String(Math.floor(rules.codMaxPaise / 100)),
    holidays: [...rules.holidays]
      .sort()
      .map((date) => (names[date] ? `${date} ${names[date]}` : date))
      .join("\n"),
  };
}

/** Lines of a textarea (and comma-separated entries when `commas`), trimmed, blanks dropped, repeats (any case) dropped. */
function entries(text: string, commas: boolean): string[] {
  const seen = new Set<string>();
  return text
    .split(commas ? /[\n\r,]+/ : /[\n\r]+/)
    .map((entry) => entry.trim())
    .filter((entry) => {
      const key = entry.toLowerCase();
      if (!entry || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** "7" → 7; "" → undefined and "1.5"/"abc" → NaN, which the rules' schema refuses with the field's sentence. */
function dayCount(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^-?\d{1,6}(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Where an issue of `deliveryRulesSchema` belongs on the form. */
function deliveryFieldOf(path: readonly PropertyKey[]): DeliveryFormField {
  const [first, second, third] = path.map(String);
  if (first === "processing") return third === "minDays" || second === "minDays" ? "processingMin" : "processingMax";
  if (first === "zones" && (DELIVERY_ZONES as readonly string[]).includes(second)) return `${second as DeliveryZone}${third === "minDays" ? "Min" : "Max"}`;
  if (first === "codMaxPaise") return "codMax";
  if (first === "holidayNames") return "holidays";
  if (first === "metroPlaces" || first === "remoteStates" || first === "unserviceable" || first === "holidays") return first;
  return "processingMin";
}

/**
 * The delivery rules form of /admin/delivery (issue 13 item 2; DESIGN.md §19) → the rules object
 * `saveDeliveryRules` takes, or the errors by field. Days: whole numbers 0–60, fewest ≤ most (the
 * sentences of schemas/delivery.ts). Metro places: one district or state a line (commas too);
 * remote states: the checked `remoteStates` of constants/indian-states.ts; not served: PIN codes,
 * districts or states, one a line or comma-separated; every place and PIN must be in the PIN
 * directory. COD maximum: whole rupees ("25,000" and "₹25000" accepted) up to ₹10,00,000, stored
 * as paise. Holidays: "YYYY-MM-DD" a line, optionally followed by a name after a space (kept in
 * `holidayNames`). Never throws.
 */
export function parseDeliveryRulesForm(formData: FormData): DeliveryFormResult {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: DeliveryFormValues = {
    processingMin: text("processingMin"),
    processingMax: text("processingMax"),
    metroMin: text("metroMin"),
    metroMax: text("metroMax"),
    metroCod: formData.get("metroCod") !== null,
    restMin: text("restMin"),
    restMax: text("restMax"),
    restCod: formData.get("restCod") !== null,
    remoteMin: text("remoteMin"),
    remoteMax: text("remoteMax"),
    remoteCod: formData.get("remoteCod") !== null,
    metroPlaces: text("metroPlaces"),
    remoteStates: formData.getAll("remoteStates").filter((value): value is string => typeof value === "string").slice(0, 100),
    unserviceable: text("unserviceable"),
    codMax: text("codMax"),
    holidays: text("holidays"),
  };
  const errors: Partial<Record<DeliveryFormField, string>> = {};
  const fail = (field: DeliveryFormField, message: string) => {
    errors[field] ??= message;
  };

  const metroPlaces = entries(values.metroPlaces, true);
  const unserviceable = entries(values.unserviceable, true).map((entry) => (/^[\d\s]+$/.test(entry) ? entry.replace(/\s+/g, "") : entry));
  const remoteStates = [...new Set(values.remoteStates)];
  for (const state of remoteStates) {
    if (!(INDIAN_STATES_AND_UTS as readonly string[]).includes(state)) fail("remoteStates", `${state.slice(0, 60)} is not a state or union territory.`);
  }

  const codText = values.codMax.trim().replace(/^₹\s*/, "").replace(/,/g, "");
  let codMaxPaise = Number.NaN;
  if (!/^\d{1,9}$/.test(codText)) fail("codMax", "Enter the largest cash on delivery order in whole rupees, like 25000.");
  else if (Number(codText) > MAX_COD_RUPEES) fail("codMax", "The largest cash on delivery order can be at most ₹10,00,000.");
  else codMaxPaise = Number(codText) * 100;

  const holidays: string[] = [];
  const holidayNames: Record<string, string> = {};
  for (const line of entries(values.holidays, false)) {
    const [, date, name] = /^(\S+)(?:\s+(.*))?$/.exec(line) ?? [];
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? "")) {
      fail("holidays", `“${line.slice(0, 40)}”: write each holiday as YYYY-MM-DD, optionally followed by its name, like 2026-11-08 Diwali.`);
      continue;
    }
    if (!holidays.includes(date)) holidays.push(date);
    if (name) holidayNames[date] = name;
  }
  holidays.sort();

  const limits: [DeliveryFormField & keyof typeof LIST_LIMITS, number, string][] = [
    ["metroPlaces", metroPlaces.length, "metro places"],
    ["unserviceable", unserviceable.length, "entries not served"],
    ["holidays", holidays.length, "holidays"],
  ];
  for (const [field, count, what] of limits) {
    if (count > LIST_LIMITS[field]) fail(field, `List at most ${LIST_LIMITS[field].toLocaleString("en-IN")} ${what} (${count.toLocaleString("en-IN")} given).`);
  }

  const input = {
    processing: { minDays: dayCount(values.processingMin), maxDays: dayCount(values.processingMax) },
    zones: Object.fromEntries(
      DELIVERY_ZONES.map((zone) => [zone, { minDays: dayCount(values[`${zone}Min`]), maxDays: dayCount(values[`${zone}Max`]), cod: values[`${zone}Cod`] }]),
    ),
    metroPlaces,
    remoteStates,
    unserviceable,
    codMaxPaise,
    holidays,
    ...(Object.keys(holidayNames).length > 0 ? { holidayNames } : {}),
  };
  const parsed = deliveryRulesSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = deliveryFieldOf(issue.path);
      if (field === "codMax" && errors.codMax) continue;
      const [list, at] = issue.path;
      const entry =
        (list === "metroPlaces" || list === "unserviceable" || list === "holidays") && typeof at === "number"
          ? (input[list] as string[])[at]
          : list === "holidayNames" && typeof at === "string"
            ? holidayNames[at]
            : undefined;
      const message = issue.code === "invalid_key" ? "That date doesn't exist." : issue.message;
      fail(field, entry === undefined ? message : `“${entry.slice(0, 40)}”: ${message}`);
    }
  }
  for (const place of metroPlaces) {
    if (!errors.metroPlaces && !isKnownPlace(place)) fail("metroPlaces", `“${place.slice(0, 40)}” isn't a district or state in the PIN directory. Write it as India Post does, like Bengaluru or Delhi.`);
  }
  for (const entry of unserviceable) {
    if (errors.unserviceable) break;
    if (/^\d{6}$/.test(entry) ? !lookupPin(entry) : !isKnownPlace(entry)) {
      fail("unserviceable", /^\d{6}$/.test(entry) ? `“${entry}” isn't a PIN code India Post lists.` : `“${entry.slice(0, 40)}” isn't a PIN code, district or state in the PIN directory.`);
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors, values };
  return { ok: true, rules: parsed.data, values };
}

const checkAmountSchema = z.string().trim().transform((value) => value.replace(/^₹\s*/, "").replace(/,/g, "")).pipe(z.string().regex(/^\d{1,7}$/)).transform(Number);

/**
 * The "Check a PIN code" form of /admin/delivery (GET `?pin=&amount=`): the PIN as typed (null when
 * not asked) and the order amount in paise from whole rupees (₹1,000 when missing or unreadable).
 */
export function parseDeliveryCheckParams(search: URLSearchParams): { pin: string | null; amountRupees: number; amountPaise: number } {
  const pin = search.get("pin");
  const amount = checkAmountSchema.safeParse(search.get("amount") ?? "");
  const amountRupees = amount.success ? amount.data : 1000;
  return { pin: pin === null ? null : pin.slice(0, 20), amountRupees, amountPaise: amountRupees * 100 };
}
