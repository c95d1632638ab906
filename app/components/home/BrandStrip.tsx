import { useT } from "~/i18n/use-t";

/** Ten luxury watch houses shown in the home page's brand strip (SPEC.md §2 "Home"). */
export const LUXURY_BRANDS = [
  "Rolex",
  "Patek Philippe",
  "Audemars Piguet",
  "Omega",
  "Cartier",
  "Jaeger-LeCoultre",
  "Vacheron Constantin",
  "Breitling",
  "TAG Heuer",
  "Hublot",
] as const;

/**
 * A scrolling strip of ten luxury brand names (SPEC.md §2 "Home"). The strip scrolls by moving two
 * copies of the list by half their width (the `brand-strip` rules in app/tailwind.css); shoppers
 * who ask for reduced motion get a still, wrapped list.
 */
export function BrandStrip() {
  const { t } = useT();
  return (
    <section aria-label={t("home.luxuryBrands")} className="brand-strip overflow-hidden border-b border-gray-200 bg-white py-5">
      <div className="brand-strip-track flex w-max">
        <BrandList />
        <BrandList copy />
      </div>
    </section>
  );
}

function BrandList({ copy = false }: { copy?: boolean }) {
  return (
    <ul
      className={`flex flex-none items-center ${copy ? "brand-strip-copy" : ""}`}
      aria-hidden={copy ? true : undefined}
      data-testid={copy ? undefined : "brand-strip"}
    >
      {LUXURY_BRANDS.map((brand) => (
        <li key={brand} className="whitespace-nowrap px-8 font-serif text-lg uppercase tracking-[0.25em] text-gray-700 sm:text-xl">
          {brand}
        </li>
      ))}
    </ul>
  );
}
