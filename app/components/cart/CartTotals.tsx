import { useT } from "~/i18n/use-t";
import type { CartTotalsData } from "~/lib/cart-lines";
import { formatPaise } from "~/lib/money";

/**
 * CART TOTALS (SPEC.md §2, §9): Subtotal, Shipping Fee shown as 'Free Shipping' while the fee is 0,
 * and Total. Amounts in paise, as `cartTotals` (app/lib/cart-lines.ts) computes them: the one
 * place the sum is made, also for the amount an order charges. Used by /cart and the checkout
 * page; `headingLevel` fits it into the page's outline. `discount` (issue 47 item 2): the applied
 * code's line, "Discount (DIWALI10)  −₹1,000", between the fee and the total; `totalPaise` is then
 * the total after it, the amount PLACE ORDER charges.
 */
export function CartTotals({
  subtotalPaise,
  deliveryFeePaise,
  totalPaise,
  headingLevel = 2,
  discount = null,
}: CartTotalsData & { headingLevel?: 2 | 3; discount?: { code: string; paise: number } | null }) {
  const Heading = headingLevel === 3 ? "h3" : "h2";
  const { t } = useT();
  return (
    <section aria-labelledby="cart-totals-heading" className="w-full" data-testid="cart-totals">
      <Heading id="cart-totals-heading" className="inline-flex items-center gap-2 text-2xl text-gray-800">
        <span className="text-gray-600">{t("cart.totalsLead")}</span> <span className="font-medium">{t("cart.totalsMain")}</span>
        <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
      </Heading>
      <dl className="mt-2 flex flex-col gap-2 text-sm text-gray-800">
        <div className="flex justify-between border-b pb-2">
          <dt>{t("cart.subtotal")}</dt>
          <dd data-testid="cart-subtotal">{formatPaise(subtotalPaise)}</dd>
        </div>
        <div className="flex justify-between border-b pb-2">
          <dt>{t("cart.shippingFee")}</dt>
          <dd data-testid="cart-shipping">{deliveryFeePaise === 0 ? t("cart.freeShipping") : formatPaise(deliveryFeePaise)}</dd>
        </div>
        {discount && discount.paise > 0 ? (
          <div className="flex justify-between border-b pb-2" data-testid="cart-discount-line">
            <dt>{t("discountCode.discountLine", { code: discount.code })}</dt>
            <dd data-testid="cart-discount">−{formatPaise(discount.paise)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between font-semibold">
          <dt>{t("cart.total")}</dt>
          <dd data-testid="cart-total">{formatPaise(totalPaise)}</dd>
        </div>
      </dl>
    </section>
  );
}
