import { useT } from "~/i18n/use-t";
import { Link } from "~/components/ui/local-links";
import { HIGH_PRIORITY_IMAGE } from "~/components/ui/image-loading";

/**
 * The home hero (SPEC.md §1): tag line PREMIUM COLLECTION, the heading, the text and SHOP NOW.
 * The button and the image both go to /collection. `image` is a catalogue image URL; the picture
 * is the page's largest paint on phones, so it is fetched first.
 */
export function Hero({ image }: { image: string | null }) {
  const { t } = useT();
  return (
    <section className="border-b border-gray-200 bg-stone-50" aria-labelledby="hero-heading">
      <div className="mx-auto grid max-w-screen-xl items-center gap-8 px-4 py-12 sm:px-8 md:grid-cols-2 md:py-16">
        <div className="flex flex-col items-start gap-5">
          <p className="flex items-center gap-3 text-sm font-semibold tracking-[0.2em] text-gray-700">
            <span aria-hidden="true" className="h-px w-10 bg-gray-700" />
            {t("home.eyebrow")}
          </p>
          <h1 id="hero-heading" className="font-serif text-4xl leading-tight text-gray-900 sm:text-5xl lg:text-6xl">
            {t("home.heroTitle")}
          </h1>
          <p className="max-w-md text-base leading-relaxed text-gray-600 sm:text-lg">
            {t("home.heroText")}
          </p>
          <Link
            to="/collection"
            className="mt-2 inline-block rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800"
          >
            {t("home.shopNow")}
          </Link>
        </div>
        {image ? (
          <Link to="/collection" className="block overflow-hidden rounded-lg" tabIndex={-1} data-testid="hero-image-link">
            <img
              src={image}
              alt={t("home.heroImageAlt")}
              width={640}
              height={640}
              {...HIGH_PRIORITY_IMAGE}
              className="mx-auto aspect-square w-full max-w-[18rem] object-cover transition-transform duration-500 hover:scale-105 sm:max-w-md"
            />
          </Link>
        ) : null}
      </div>
    </section>
  );
}
