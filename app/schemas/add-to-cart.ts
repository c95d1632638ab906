import { z } from "zod";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { API_MESSAGES } from "~/schemas/api-constants";

/** Toast and field texts of SPEC.md §5 and §8, word for word (the Store API's own). */
export const SELECT_SIZE_MESSAGE = API_MESSAGES.sizeRequired;
export const SELECT_COLOUR_MESSAGE = API_MESSAGES.colourRequired;

/**
 * The ADD TO CART form of a product page (SPEC.md §4, §5; DESIGN.md §8): `intent=add-to-cart`
 * and `size`, the cart line's size-or-colour key.
 * - A product with colours needs one of its colours; none chosen, an empty or an unknown colour
 *   answers "Please select a colour.".
 * - A product without colours is added under DEFAULT_SIZE_KEY (a hidden field); a form without
 *   that key, or with another one, answers "Please select a size".
 * Meant for conform's `parseWithZod`, which reads an empty field as missing.
 */
export function addToCartSchema(colours: readonly string[]) {
  const message = colours.length > 0 ? SELECT_COLOUR_MESSAGE : SELECT_SIZE_MESSAGE;
  const allowed: readonly string[] = colours.length > 0 ? colours : [DEFAULT_SIZE_KEY];
  return z.object({
    intent: z.literal("add-to-cart"),
    size: z
      .string({ error: message })
      .max(100, message)
      .refine((key) => allowed.includes(key), message),
  });
}

export type AddToCart = z.infer<ReturnType<typeof addToCartSchema>>;
