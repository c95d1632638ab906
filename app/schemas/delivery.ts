import { z } from "zod";
import { INDIAN_STATES_AND_UTS, canonicalIndianState, type IndianState } from "~/constants/indian-states";
import { ADDRESS_MESSAGES, PIN_CODE_PATTERN, normalisePinCode } from "~/schemas/checkout-rules";

/**
 * The delivery promise's rules and inputs (issue 13; DESIGN.md §19; docs/decisions/0620). Server
 * only in practice (zod): pages get the answers as data. Days are counted in business days
 * (Monday–Saturday, minus the owner's holidays), dates are IST calendar dates "YYYY-MM-DD", money
 * is integer paise.
 */

/** Where a PIN code falls for delivery times and cash on delivery. */
export const DELIVERY_ZONES = ["metro", "rest", "remote"] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** How the back office and the answers name each zone. */
export const DELIVERY_ZONE_LABELS: Record<DeliveryZone, string> = {
  metro: "Metro cities",
  rest: "Rest of India",
  remote: "Remote areas",
};

/** The sentences of the delivery promise (issue 13 items 1, 3, 4). */
export const DELIVERY_MESSAGES = {
  pinMissing: ADDRESS_MESSAGES.zipcode,
  pinInvalid: ADDRESS_MESSAGES.zipcodeInvalid,
  pinUnknown: "This PIN code doesn't exist. Please check it.",
  unserviceable: (pin: string) => `We don't deliver to ${pin} yet`,
  codAvailable: "Cash on delivery available",
  codNotInZone: "Cash on delivery isn't available for this PIN code",
  codOverLimit: (limit: string) => `Cash on delivery is available on orders up to ${limit}`,
  codOff: "Cash on delivery isn't available at the moment",
  stateMismatch: (state: string) => `This PIN code is in ${state}. Please check the state or the PIN code.`,
  rulesInvalid: "Please check the delivery rules.",
} as const;

const days = (label: string) =>
  z.number({ error: `${label} must be a whole number of days.` }).int(`${label} must be a whole number of days.`).min(0, `${label} can't be negative.`).max(60, `${label} can be at most 60 days.`);

/** A span of business days, min ≤ max. */
const daySpanSchema = (label: string) =>
  z
    .object({ minDays: days(`${label}: the fewest days`), maxDays: days(`${label}: the most days`) })
    .refine((span) => span.minDays <= span.maxDays, `${label}: the fewest days can't be more than the most days.`);

const zoneRuleSchema = (label: string) =>
  z
    .object({ minDays: days(`${label}: the fewest days`), maxDays: days(`${label}: the most days`), cod: z.boolean() })
    .refine((span) => span.minDays <= span.maxDays, `${label}: the fewest days can't be more than the most days.`);

/** A place name of the rules' lists: a district or a state/UT, as the PIN directory writes it. */
const placeNameSchema = z.string().trim().min(1).max(80).regex(/^[\p{L}\p{N} .,&()'-]+$/u, "A place name has letters, digits, spaces and . , & ( ) ' - only.");

/** An entry of the not-served list: a 6-digit PIN code, or a district's or state's name. */
const unservedEntrySchema = z
  .string()
  .trim()
  .transform((value) => (/^[\d\s]+$/.test(value) ? normalisePinCode(value) : value))
  .pipe(z.union([z.string().regex(PIN_CODE_PATTERN), placeNameSchema], { error: "Each entry is a 6-digit PIN code or a district or state name." }));

/** An IST calendar date "YYYY-MM-DD" that exists. */
export const istDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Dates are written YYYY-MM-DD.")
  .refine((value) => {
    // Month 13 or day 32 parse to NaN (toISOString would throw); 2026-02-30 parses, but to March.
    const ms = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(ms) && new Date(ms).toISOString().startsWith(value);
  }, "That date doesn't exist.");

/** A holiday's name as the owner writes it beside its date ("Diwali"); shown in the back office only. */
export const holidayNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(60, "A holiday's name can be at most 60 characters.")
  .regex(/^[\p{L}\p{N} .,&()'’-]+$/u, "A holiday's name has letters, digits, spaces and . , & ( ) ' - only.");

/**
 * The owner's delivery rules (issue 13 item 2), as stored in `delivery_rules.rules_json` and edited
 * in the back office: processing days, then delivery days by zone (with whether cash on delivery is
 * allowed there); the districts (or whole states/UTs) that are metro; the states/UTs that are
 * remote; PIN codes, districts or states not served; the largest order cash on delivery takes
 * (paise); holidays (IST dates) that are not business days, and optionally their names by date
 * (`holidayNames`, for the owner's eyes only: the arithmetic reads `holidays`).
 */
export const deliveryRulesSchema = z.object({
  processing: daySpanSchema("Processing"),
  zones: z.object({
    metro: zoneRuleSchema(DELIVERY_ZONE_LABELS.metro),
    rest: zoneRuleSchema(DELIVERY_ZONE_LABELS.rest),
    remote: zoneRuleSchema(DELIVERY_ZONE_LABELS.remote),
  }),
  metroPlaces: z.array(placeNameSchema).max(500),
  remoteStates: z.array(z.string().transform((value, ctx) => canonicalIndianState(value) ?? (ctx.addIssue({ code: "custom", message: `${value} is not a state or union territory.` }), z.NEVER))).max(INDIAN_STATES_AND_UTS.length),
  unserviceable: z.array(unservedEntrySchema).max(5000),
  codMaxPaise: z.number().int().min(0).max(100_000_000),
  holidays: z.array(istDateSchema).max(400),
  holidayNames: z.record(istDateSchema, holidayNameSchema).optional(),
});
export type DeliveryRules = z.output<typeof deliveryRulesSchema>;

/** The remote zone by default: the North-East, J&K, Ladakh, and the island territories (shipping policy). */
export const DEFAULT_REMOTE_STATES: IndianState[] = [
  "Arunachal Pradesh",
  "Assam",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Sikkim",
  "Tripura",
  "Jammu and Kashmir",
  "Ladakh",
  "Andaman and Nicobar Islands",
  "Lakshadweep",
];

/**
 * The rules a new store starts with (issue 13 item 2; shipping policy): processing 1–2 days;
 * metro 2–3, rest of India 4–5, remote 7–9; cash on delivery in metro and rest of India up to
 * ₹25,000; every PIN served; India's three national holidays of 2026 and 2027.
 */
export const DEFAULT_DELIVERY_RULES: DeliveryRules = {
  processing: { minDays: 1, maxDays: 2 },
  zones: {
    metro: { minDays: 2, maxDays: 3, cod: true },
    rest: { minDays: 4, maxDays: 5, cod: true },
    remote: { minDays: 7, maxDays: 9, cod: false },
  },
  metroPlaces: ["Delhi", "Mumbai", "Kolkata", "Chennai", "Bengaluru", "Hyderabad", "Pune", "Ahmedabad"],
  remoteStates: DEFAULT_REMOTE_STATES,
  unserviceable: [],
  codMaxPaise: 2_500_000,
  holidays: ["2026-01-26", "2026-08-15", "2026-10-02", "2027-01-26", "2027-08-15", "2027-10-02"],
  holidayNames: {
    "2026-01-26": "Republic Day",
    "2026-08-15": "Independence Day",
    "2026-10-02": "Gandhi Jayanti",
    "2027-01-26": "Republic Day",
    "2027-08-15": "Independence Day",
    "2027-10-02": "Gandhi Jayanti",
  },
};

/** `?pin=` as typed: spaces dropped; missing, malformed or well-formed (a PIN code that may not exist). */
export const pinQuerySchema = z
  .string({ error: DELIVERY_MESSAGES.pinMissing })
  .trim()
  .min(1, DELIVERY_MESSAGES.pinMissing)
  .transform(normalisePinCode)
  .pipe(z.string().regex(PIN_CODE_PATTERN, DELIVERY_MESSAGES.pinInvalid));
