import { sizeKeyName, sizeLabel, type CartLineData } from "~/lib/cart-lines";
import { formatPaise } from "~/lib/money";
import { useT } from "~/i18n/use-t";

/**
 * What the shopper is about to order: each cart line with its product name, colour (or
 * "Standard"), quantity and line price (server prices, paise), so the total below is never a
 * surprise. The name is whole in the HTML and cut to one line by CSS only (SPEC.md cuts names on
 * cards and in the cart, not here), so text browsers and screen readers read it all (issue 9 item 2);
 * name, colour and quantity, and price are separate blocks, so they never run together as text.
 */
export function OrderSummary({ lines }: { lines: CartLineData[] }) {
  const { t } = useT();
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <section aria-labelledby="order-summary-heading" className="mb-8">
      <h2 id="order-summary-heading" className="text-sm font-medium text-gray-800">
        {t("checkout.yourOrder", { count })}
      </h2>
      <ul className="mt-2 divide-y border-y text-sm text-gray-700">
        {lines.map((line) => {
          const kind = sizeKeyName(line.sizeKey);
          return (
            <li key={`${line.productId}:${line.sizeKey}`} className="flex items-center gap-3 py-2" data-testid="summary-line">
              <img src={line.image} alt="" width={48} height={48} className="h-12 w-12 rounded bg-gray-50 object-cover" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-gray-800" title={line.name} data-testid="summary-name">
                  {line.name}
                </p>
                <p className="text-xs text-gray-600">
                  {kind ? `${t("cart.colour")}: ` : ""}
                  {kind ? sizeLabel(line.sizeKey) : t("cart.standard")} · {t("checkout.quantity", { count: line.quantity })}
                </p>
              </div>
              <p className="whitespace-nowrap text-gray-800">{formatPaise(line.pricePaise * line.quantity)}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
