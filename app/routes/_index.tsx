import { messagesFor, translate } from "~/i18n/messages.server";
import { stockWordsIn } from "~/utils/stock-words.server";
import { languageOfPath } from "~/i18n/language";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { defer, json } from "@remix-run/node";
import { useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import type { MetaDescriptor, MetaFunction } from "@remix-run/node";
import { publicEnv, publicUrl } from "~/config/env.server";
import { getBackend } from "~/backend/index.server";
import { BestSellers } from "~/components/home/BestSellers";
import { BrandStrip } from "~/components/home/BrandStrip";
import { CustomerExperience } from "~/components/home/CustomerExperience";
import { Hero } from "~/components/home/Hero";
import { LatestCollections } from "~/components/home/LatestCollections";
import { Newsletter, type NewsletterActionData } from "~/components/home/Newsletter";
import { toCardData } from "~/lib/product-card";
import { productIn } from "~/utils/product-texts.server";
import { homeTabSchema, latestInTab } from "~/utils/home-tabs.server";
import { NEWSLETTER_NOTE } from "~/schemas/newsletter-constants";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseNewsletterForm } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { homePageMeta } from "~/utils/page-meta.server";
import { storeNameOf } from "~/utils/root-data";

/**
 * Home (SPEC.md §2): the first 10 products and, as deferred data, the first 10 bestsellers.
 * Both come from one backend call (`homeSections`: two indexed queries), so the best sellers are
 * ready when the page renders and the HTML is complete without JavaScript; the skeleton shows only
 * while they are still on their way (DESIGN.md §11, docs/decisions/0140).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const tab = homeTabSchema.parse(new URL(request.url).searchParams.get("tab") ?? undefined);
  const sections = getBackend().homeSections();
  const [{ latest }, inTab] = await Promise.all([sections, latestInTab(tab)]);
  const language = languageOfPath(new URL(request.url).pathname);
  const stockWords = stockWordsIn(language);
  // Cards show the owner's Hindi names on /hi (docs/decisions/0880).
  const bestSellers = sections.then((loaded) => loaded.bestSellers.map((product) => toCardData(productIn(product, language), stockWords)));
  const heroImage = latest[0]?.images[0] ?? null;
  const storeName = publicEnv().STORE_NAME;
  const meta = homePageMeta({
    title: translate(language, "home.metaTitle", { storeName }),
    description: translate(language, "home.metaDescription"),
    storeName,
    origin: publicUrl(),
    heroImage,
    language,
  });
  const latestCards = (inTab ?? latest).map((product) => toCardData(productIn(product, language), stockWords));
  // The home page's words in its language (issue 27; i18n/use-t.ts).
  const messages = messagesFor(language, ["home", "newsletter"]);
  return defer({ heroImage, tab, latest: latestCards, bestSellers, meta, messages });
}

/**
 * The home page's one mutation-shaped form, `intent=newsletter` (SPEC.md §1, §5): the email is
 * checked (required, email format; 400 with the message otherwise) and nothing is stored.
 * Foreign origin → 403; unknown intent or unreadable body → 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request).catch(throwBodyError);
  switch (formData.get("intent")) {
    case "newsletter": {
      const submission = parseNewsletterForm(formData);
      if (submission.status !== "success") {
        return json<NewsletterActionData>({ result: submission.reply(), note: null }, { status: 400 });
      }
      return json<NewsletterActionData>({ result: submission.reply({ resetForm: true }), note: NEWSLETTER_NOTE });
    }
    default:
      throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });
  }
}

/** The newsletter changes nothing, so the page's data need not be read again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "newsletter" ? false : defaultShouldRevalidate;

const HOME_DESCRIPTION =
  "Shop watches from Rolex, Casio, Seiko, Fossil, Rado, Patek Philippe, Cartier and Tissot with free shipping across India.";
const homeTitle = (storeName: string) => `${storeName} — Watches for every wrist`;

/**
 * Home's title and description, its canonical link and link previews, and the Organization and
 * WebSite (with a SearchAction into /collection?q=) structured data (issue 11 item 4), built by the
 * loader (app/utils/page-meta.server.ts) so their code stays out of the page's JavaScript.
 */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  (data?.meta as MetaDescriptor[] | undefined) ?? [{ title: homeTitle(storeNameOf(matches)) }, { name: "description", content: HOME_DESCRIPTION }];

export default function Home() {
  const { heroImage, tab, latest, bestSellers } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero image={heroImage} />
      <BrandStrip />
      <LatestCollections products={latest} tab={tab} />
      <BestSellers products={bestSellers} />
      <CustomerExperience />
      <Newsletter />
    </>
  );
}
