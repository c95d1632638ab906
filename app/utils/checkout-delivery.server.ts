import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import type { DeliveryProblems } from "~/backend/own/types";
import type { Language } from "~/i18n/language";
import type { DeliveryAnswer } from "~/lib/delivery";
import { codSentence, deliveryHeadline } from "~/utils/delivery-words.server";

/**
 * The delivery promise at checkout (issue 13 item 4; DESIGN.md §19; docs/decisions/0620): what the
 * page shows for a PIN code as it is typed, and the check PLACE ORDER makes before any payment starts.
 */

/** What the checkout page shows for a PIN code (JSON for the browser; no dates to parse there). */
export type DeliveryPreview = {
  kind: DeliveryAnswer["kind"];
  /** The headline: "Delivery to Bengaluru, Karnataka between …", "We don't deliver to 194101 yet", or the PIN's problem. */
  message: string;
  /** Where the PIN is (district and state/UT), when the directory knows it. */
  place: { district: string; state: string } | null;
  /** Whether cash on delivery can pay this order there, and the sentence; null when the PIN is not deliverable. */
  cod: { available: boolean; message: string } | null;
};

/** A `DeliveryAnswer` as the page reads it, its sentences in `language` (English by default; issue 27). */
export function previewOf(answer: DeliveryAnswer, language: Language = "en"): DeliveryPreview {
  return {
    kind: answer.kind,
    message: deliveryHeadline(answer, language),
    place: answer.kind === "deliverable" || answer.kind === "unserviceable" ? { district: answer.place.district, state: answer.place.state } : null,
    cod: answer.kind === "deliverable" ? { available: answer.cod.available, message: codSentence(answer, language) ?? answer.cod.message } : null,
  };
}

/**
 * The delivery preview of a PIN code as typed (hostile: parsed by `checkDelivery`) for an order of
 * `amountPaise`, with the store's COD switch (ENABLE_COD).
 */
export async function deliveryPreview(pin: unknown, amountPaise: number, language: Language = "en"): Promise<DeliveryPreview> {
  return previewOf(await getBackend().checkDelivery(pin, { amountPaise }), language);
}

/**
 * PLACE ORDER's delivery check (issue 13 item 4), before the order and any payment: the problems by
 * field (`zipcode`: unknown or not served; `state`: not the PIN's; `paymentMethod`: cash on
 * delivery not allowed there or for this amount), or null when the order can go.
 */
export async function checkoutDeliveryProblems(
  address: { zipcode: string; state: string },
  options: { amountPaise: number; paymentMethod: string },
): Promise<DeliveryProblems | null> {
  const checked = await getBackend().checkOrderDelivery(address, options);
  return checked.problems;
}

/** `amount`: an order's total in paise, for the cash-on-delivery limit; missing or malformed reads as 0. */
const amountSchema = z.coerce.number().int().min(0).max(1_000_000_000).catch(0);

/**
 * `deliveryPreview` of a `?pin=&amount=&lang=` query (all hostile; a bad amount reads as 0, any
 * `lang` but "hi" as English: the checkout's lookup from a Hindi page asks for Hindi words).
 */
export function deliveryPreviewOfQuery(params: URLSearchParams): Promise<DeliveryPreview> {
  const language: Language = params.get("lang") === "hi" ? "hi" : "en";
  return deliveryPreview(params.get("pin") ?? "", amountSchema.parse(params.get("amount") ?? 0), language);
}
