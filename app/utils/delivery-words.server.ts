import type { Language } from "~/i18n/language";
import { translate, translatePhrase } from "~/i18n/messages.server";
import type { DeliveryAnswer } from "~/lib/delivery";
import { formatDeliveryWindow } from "~/lib/delivery-dates";

/**
 * A delivery answer's headline in `language` (issue 13 item 3; issue 27 item 2): for a served PIN
 * code "Delivery to Bengaluru, Karnataka by Fri, 27 Nov" / "Bengaluru, Karnataka में डिलीवरी शुक्र,
 * 27 नव॰ तक" (the place as India Post's directory names it); otherwise the answer's own sentence
 * (unknown or not served PIN code, its problem) through the phrasebook.
 */
export function deliveryHeadline(answer: DeliveryAnswer, language: Language): string {
  if (answer.kind !== "deliverable") return translatePhrase(language, answer.message);
  return translate(language, "delivery.deliverableTo", {
    place: `${answer.place.district}, ${answer.place.state}`,
    window: formatDeliveryWindow(answer.window, language),
  });
}

/** Whether cash on delivery can pay, in `language` ("Cash on delivery available" or why not); null unless the PIN code is served. */
export function codSentence(answer: DeliveryAnswer, language: Language): string | null {
  return answer.kind === "deliverable" ? translatePhrase(language, answer.cod.message) : null;
}
