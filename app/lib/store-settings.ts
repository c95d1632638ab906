import { z } from "zod";
import { STORE_CONTACT } from "~/content/store-details";
import { DEFAULT_STOCK_HOLD_MINUTES } from "~/lib/stock";
import { DEFAULT_GST_RATE, GST_RATES, gstStateCode, validateGstin } from "~/lib/gst";

export { GST_RATES };

/**
 * The seller's details printed on GST tax invoices (issue 14 item 2; DESIGN.md §20), edited by the
 * owner at /admin/settings and stored as one JSON row (`store_settings`, id 1). Pure and isomorphic.
 */

/** Most lines of the seller's postal address. */
export const MAX_SELLER_ADDRESS_LINES = 6;


const STOCK_HOLD_MESSAGE = "Hold unpaid orders' stock for 5 to 1440 minutes (whole minutes).";

const RATE_MESSAGE = `Choose a GST rate: ${GST_RATES.join(", ")} %.`;

/**
 * The settings: `sellerLegalName` (as registered for GST), `sellerAddress` (1–6 lines), `sellerGstin`
 * (validated: format and check digit), `sellerState` (a state or UT name with a GST state code; its
 * code must match the GSTIN's first two digits), `gstRatePercent` (one of GST_RATES, prices include
 * it), `invoicePrefix` (letters and digits, 1–8, e.g. "CI"), `stockHoldMinutes` (how long an unpaid
 * online order holds its stock, 5–1440, default 30; issue 23). Refusals are sentences per field.
 */
export const storeSettingsSchema = z
  .object({
    sellerLegalName: z.string().trim().min(2, "Enter the seller's legal name.").max(120, "Keep the legal name within 120 characters."),
    sellerAddress: z
      .array(z.string().trim().min(1).max(120, "Keep each address line within 120 characters."))
      .min(1, "Enter the seller's address.")
      .max(MAX_SELLER_ADDRESS_LINES, `Keep the address within ${MAX_SELLER_ADDRESS_LINES} lines.`),
    sellerGstin: z.string().transform((value, ctx) => {
      const checked = validateGstin(value);
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.gstin;
    }),
    sellerState: z
      .string()
      .trim()
      .refine((state) => gstStateCode(state) !== null, "Choose the seller's state or union territory."),
    gstRatePercent: z
      .number({ error: RATE_MESSAGE })
      .refine((rate) => (GST_RATES as readonly number[]).includes(rate), RATE_MESSAGE),
    invoicePrefix: z.string().trim().regex(/^[A-Z0-9]{1,8}$/, "The invoice prefix is 1 to 8 capital letters or digits, e.g. CI."),
    /** Minutes an unpaid online order holds its units of stock (issue 23; absent in settings saved before it). */
    stockHoldMinutes: z
      .number({ error: STOCK_HOLD_MESSAGE })
      .int(STOCK_HOLD_MESSAGE)
      .min(5, STOCK_HOLD_MESSAGE)
      .max(1440, STOCK_HOLD_MESSAGE)
      .default(DEFAULT_STOCK_HOLD_MINUTES),
  })
  .superRefine((settings, ctx) => {
    const code = gstStateCode(settings.sellerState);
    if (code !== null && settings.sellerGstin.slice(0, 2) !== code) {
      ctx.addIssue({ code: "custom", path: ["sellerGstin"], message: `The GSTIN's state code (${settings.sellerGstin.slice(0, 2)}) is not ${settings.sellerState}'s (${code}).` });
    }
  });

export type StoreSettings = z.output<typeof storeSettingsSchema>;

/**
 * The settings before the owner saves any: the legal name and address from content/store-details.ts,
 * Karnataka, 18 %, prefix "CI" and a placeholder GSTIN of the right shape (STORE OWNER: replace it
 * at /admin/settings before the first sale).
 */
export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  sellerLegalName: STORE_CONTACT.address[0],
  sellerAddress: STORE_CONTACT.address.slice(1),
  sellerGstin: "29AABCC1234D1Z7",
  sellerState: "Karnataka",
  gstRatePercent: DEFAULT_GST_RATE,
  invoicePrefix: "CI",
  stockHoldMinutes: DEFAULT_STOCK_HOLD_MINUTES,
};
