/**
 * India's 28 states and 8 union territories, as the delivery form's state list offers them
 * (issue 4, SPEC.md §3 "Delivery address"). Names as India Post writes them; alphabetical.
 */
export const INDIAN_STATES = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
] as const;

export const INDIAN_UNION_TERRITORIES = [
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

export type IndianState = (typeof INDIAN_STATES)[number] | (typeof INDIAN_UNION_TERRITORIES)[number];

/** Every state and union territory, for validation. */
export const INDIAN_STATES_AND_UTS: readonly IndianState[] = [...INDIAN_STATES, ...INDIAN_UNION_TERRITORIES];

const byLowerCase = new Map(INDIAN_STATES_AND_UTS.map((name) => [name.toLowerCase(), name]));

/**
 * The canonical name of a state or union territory typed in any letter case and spacing
 * ("tamil  nadu" → "Tamil Nadu"), or undefined when it is not one of them.
 */
export function canonicalIndianState(value: string): IndianState | undefined {
  return byLowerCase.get(value.trim().replace(/\s+/g, " ").toLowerCase());
}
