import { useT } from "~/i18n/use-t";
/**
 * Five stars as text, `filled` of them coloured; screen readers hear `label` ("Rated 4 out of 5").
 * Text, not SVG: the product page's JavaScript is at its 100 KB budget.
 */
export function Stars({ filled, label }: { filled: number; label: string }) {
  return (
    <span role="img" aria-label={label} className="tracking-wider text-amber-700">
      {"★★★★★".slice(0, filled)}
      <span className="text-gray-500">{"☆☆☆☆☆".slice(filled)}</span>
    </span>
  );
}

/**
 * A product's rating under its name (SPEC.md §2; issue 23 item 2; DESIGN.md §21): the published
 * reviews' average to one decimal ("4.5", made by the loader) as stars (rounded to whole stars)
 * and `text`, "4.5 (1 review)"; with none (`average` null), `text` is the seed's own words, "No
 * reviews yet. Be the first to review this product." — never a figure the store cannot back.
 * Screen readers hear "Rated 4.5 out of 5"; a space keeps the stars and the figures apart in text
 * browsers (the flex gap does it on screen).
 */
export function StarRating({ average, text }: { average: string | null; text: string }) {
  const { t } = useT();
  return (
    <p className="flex items-center gap-2 text-sm text-gray-600" data-testid="star-rating">
      {average === null ? null : <Stars filled={Math.round(+average)} label={t("product.rated", { rating: average })} />} {text}
    </p>
  );
}
