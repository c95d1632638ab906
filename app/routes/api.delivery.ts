import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { deliveryPreviewOfQuery } from "~/utils/checkout-delivery.server";

/**
 * `GET /api/delivery?pin=560001&amount=PAISE` → the delivery preview of a PIN code (issue 13 items
 * 3–4; `DeliveryPreview` of app/utils/checkout-delivery.server.ts): where it is, the promised window
 * or why not, and whether cash on delivery can pay an order of `amount`. Used by the checkout page
 * with JavaScript to fill city and state and to offer cash on delivery only where allowed; a
 * preview only — PLACE ORDER checks again on the server. Always 200 with the answer (a malformed or
 * unknown PIN is an answer); cached by browsers for a minute.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const preview = await deliveryPreviewOfQuery(new URL(request.url).searchParams);
  return json(preview, { headers: { "cache-control": "private, max-age=60" } });
}
