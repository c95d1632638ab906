import { useT } from "~/i18n/use-t";
import { discountPercent, formatPaise } from "~/lib/money";
import { Separator } from "~/components/ui/Separator";

/**
 * A product's price in rupees (SPEC.md §2), with the struck-through original price and
 * "{n}% off" only when the original exceeds the price (SPEC.md §9). Amounts in paise.
 */
export function PriceBlock({ pricePaise, originalPaise }: { pricePaise: number; originalPaise: number | null }) {
  const percent = discountPercent(pricePaise, originalPaise);
  const { t } = useT();
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1" data-testid="price-block">
      <span className="text-3xl font-medium text-gray-900" data-testid="price">
        <span className="sr-only">{t("product.price")}</span>
        {formatPaise(pricePaise)}
      </span>
      {percent !== null && originalPaise !== null ? (
        <>
          <Separator />
          <s className="text-lg text-gray-600" data-testid="original-price">
            <span className="sr-only">{t("card.originalPrice")}</span>
            {formatPaise(originalPaise)}
          </s>
          <Separator />
          <span className="text-lg font-medium text-green-700" data-testid="discount">
            {t("card.percentOff", { percent })}
          </span>
        </>
      ) : null}
    </p>
  );
}
