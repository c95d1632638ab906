import { useT } from "~/i18n/use-t";
import { useLocation } from "@remix-run/react";
import { Form } from "~/components/ui/local-links";
import type { DeliveryCheck as Check } from "~/utils/delivery-check.server";

/**
 * "Check delivery" on the cart, for an order of the cart's total (issue 13 item 3;
 * docs/decisions/0621): a PIN code field and Check, a GET form (`?pin=`) that keeps the page's
 * other query parameters, and the answer of the page's loader (utils/delivery-check.server.ts)
 * in a live region tied to the field: the headline, then whether cash on delivery can pay; a PIN
 * code that is malformed, unknown or not served reads as a problem. Without JavaScript the page reloads with the answer;
 * with it, the form navigates in place (`replace`, no scroll to the top).
 *
 * A copy of components/product/DeliveryCheck.tsx: one module shared by both pages would be a
 * chunk of its own, ~350 bytes gzipped more than the product page's 100 KB JavaScript budget
 * allows (docs/decisions/0621). Change both together.
 */
export function CartDeliveryCheck({ check }: { check: Check }) {
  const { search } = useLocation();
  const answer = check.answer;
  const problem = answer !== null && answer.kind !== "deliverable";
  const { t } = useT();
  return (
    <Form method="get" replace preventScrollReset aria-labelledby="delivery-check" className="flex flex-col gap-2 text-sm">
      <h2 id="delivery-check" className="font-medium text-gray-900">{t("delivery.checkDelivery")}</h2>
      {[...new URLSearchParams(search)].map(([name, value], at) => (name === "pin" ? null : <input key={at} type="hidden" name={name} value={value} />))}
      <label htmlFor="delivery-pin">{t("delivery.pinCode")}</label>
      <div className="flex gap-2">
        <input
          id="delivery-pin"
          name="pin"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          defaultValue={check.pin}
          aria-describedby="delivery-answer"
          aria-invalid={problem || undefined}
          className="w-32 rounded border border-gray-400 px-3 py-2"
        />
        <button className="rounded border border-gray-900 px-5 py-2 font-medium text-gray-900">{t("delivery.check")}</button>
      </div>
      <div role="status" id="delivery-answer" className={problem ? "text-red-700" : "text-gray-700"}>
        {answer ? <p className="font-medium">{answer.message}</p> : null}
        {answer?.cod ? <p>{answer.cod}</p> : null}
      </div>
    </Form>
  );
}
