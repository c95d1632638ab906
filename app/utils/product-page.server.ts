import { messagesFor, translate, translatePhrase } from "~/i18n/messages.server";
import { productReturnLine } from "~/lib/after-sale-policy";
import { policySentenceIn, storeReturnPolicy } from "~/utils/after-sale-policy.server";
import type { Language } from "~/i18n/language";
import { declarationRowsIn, genericDescriptionIn, reviewWordsIn, specRowsIn } from "~/utils/product-words.server";
import { stockWordsIn } from "~/utils/stock-words.server";
import { languageOfPath } from "~/i18n/language";
import { json } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { getEnv, publicUrl } from "~/config/env.server";
import { RELATED_PRODUCTS } from "~/constants/store";
import { GENERIC_DESCRIPTION } from "~/content/product-description";
import { readFormData, throwBodyError } from "~/http/body.server";
import { toCardData } from "~/lib/product-card";
import { productIn } from "~/utils/product-texts.server";
import { featuresIn, vocabularyIn } from "~/i18n/vocabulary.server";
import {
  averageRating,
  formatRating,
  reviewPath,
  reviewsPageHref,
  reviewsPageParam,
  type PublishedReview,
} from "~/lib/reviews";
import type { Product } from "~/schemas/product";
import { colourStockNotes, STOCK_MESSAGES, stockView } from "~/lib/stock";
import { loadDeliveryCheck } from "~/utils/delivery-check.server";
import he from "he";
import { declarationRows, effectiveDeclarations } from "~/lib/declarations";
import { wishlistToggleWords } from "~/utils/wishlist.server";
import { loginPath, parseAddToCartForm, parseProductId } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { productPageMeta } from "~/utils/page-meta.server";
import { storeSellerDetails } from "~/utils/seller-details.server";
import { commitLogout, getSessionToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/*
 * The product page's loader and action (app/routes/product.$productId.tsx). The route imports only
 * this server module, so its browser build carries no empty chunks for the modules used here
 * (docs/decisions/0530).
 */

/** The catalogue product named by the URL; a malformed or unknown id is a 404 (SPEC.md §2). */
async function findProduct(productIdParam: string | undefined): Promise<Product> {
  const productId = parseProductId(productIdParam);
  const product = productId ? await getBackend().getProduct(productId) : null;
  if (!product) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return product;
}

/**
 * The product (only the fields the page shows), up to 5 related product cards, the share image,
 * and "Check delivery" for an order of this product at its price (`?pin=` or the remembered PIN
 * code; issue 13 item 3), with the `last_pin` cookie when `?pin=` named a new valid PIN code.
 */
export async function loadProductPage(request: Request, productIdParam: string | undefined) {
  const found = await findProduct(productIdParam);
  const language = languageOfPath(new URL(request.url).pathname);
  const declared = loadDeclarations(found, language);
  const [related, delivery, reviews, returnPolicy] = await Promise.all([
    getBackend().relatedProducts(found, RELATED_PRODUCTS),
    loadDeliveryCheck(request, found.pricePaise),
    loadReviews(request, found, language),
    storeReturnPolicy(),
  ]);
  const wishlist = wishlistToggleWords(`/product/${found.id}`, language);
  // The page's language (issue 27) is the address's: the stock labels and the page's own words in it.
  // Its name and description as the page shows them: the owner's Hindi ones on /hi where set
  // (docs/decisions/0880) — heading, breadcrumb, title, meta description and JSON-LD alike.
  const product = productIn(found, language);
  const stockWords = stockWordsIn(language);
  const headers: HeadersInit = delivery.setCookie ? { "Set-Cookie": delivery.setCookie } : {};
  return json({
    /** Title, description, canonical link, previews and structured data (utils/page-meta.server.ts). */
    meta: productPageMeta(product, { origin: publicUrl(), storeName: getEnv().STORE_NAME, reviews: reviews.shown, language }),
    product: {
      id: product.id,
      name: product.name,
      images: product.images,
      videos: product.videos,
      videoPoster: product.videoPoster,
      pricePaise: product.pricePaise,
      originalPaise: product.originalPaise,
      category: product.category,
      subCategory: product.subCategory,
      description: product.description,
      /** On /hi the owner's `featuresHi`, else each line through the Hindi vocabulary (docs/decisions/0972). */
      features: featuresIn(found, language),
      movement: product.movement,
      strapMaterial: product.strapMaterial,
      colours: product.colours,
      /** Each colour's label in the page's language (the radio's value stays the English colour, the cart's key); docs/decisions/0972. */
      colourLabels: Object.fromEntries(product.colours.map((colour) => [colour, vocabularyIn("colour", colour, language)])),
      /** The specification table (SPEC.md §2) as HTML, made and escaped here: the page's JavaScript carries none of it. */
      specs: tableHtml(specRowsIn(product, language), { caption: translate(language, "productInfo.specifications"), captionClass: "sr-only", testId: "spec-table" }),
      /** The "Product details (Legal Metrology)" table (issue 25 item 2), HTML made and escaped here. */
      declarations: await declared,
      /** "In stock" / "Only N left" / "Out of stock" (issue 23); null when the stock is not tracked. */
      stock: stockView(product.stock, stockWords),
      /** Said where ADD TO CART would be when the watch is sold out (issue 23); null otherwise. */
      soldOut: product.stock === 0 ? translatePhrase(language, STOCK_MESSAGES.soldOutNote) : null,
      /** Per colour kept apart: "Only N left" / "Out of stock" (a sold-out colour can't be chosen); docs/decisions/0692. */
      colourNotes: colourStockNotes(product.colourStock, stockWords),
    },
    /** The return line (SPEC.md §2's place; its words from the owner's after-sale policy: issue 45, docs/decisions/0980). */
    returnLine: policySentenceIn(language, productReturnLine(returnPolicy)),
    /** The Description tab's generic paragraphs (SPEC.md §2): data, not JavaScript (docs/decisions/0621). */
    descriptionTab: language === "en" ? GENERIC_DESCRIPTION : genericDescriptionIn(language),
    related: related.map((card) => toCardData(productIn(card, language), stockWords)),
    delivery: delivery.check,
    reviews: reviews.view,
    /** WISHLIST's state and words (issue 24 item 2); null on a store without a wishlist. */
    wishlist,
    /** The page's own words in its language (issue 27; i18n/use-t.ts). */
    messages: messagesFor(language, ["product", "delivery"]),
  }, { headers });
}

/**
 * The product's Legal Metrology declarations as the page shows them (issue 25 item 2; the Legal
 * Metrology (Packaged Commodities) Rules, 2011, rule 6(10)): its own over its brand's (a store with
 * its own back office; a remote store answers only the product's), only what is declared, and the
 * consumer-care contact; `mrp` is "MRP ₹… (incl. of all taxes)".
 */
async function loadDeclarations(product: Product, language: Language): Promise<string> {
  const { own } = getBackend();
  const [brands, seller] = await Promise.all([own ? own.declarations.readBrandDeclarations() : new Map(), storeSellerDetails()]);
  const declared = effectiveDeclarations(product, brands.get(product.subCategory));
  // The owner's customer-care contacts and address (issue 25 item 1); the parts left empty are left out.
  const care = seller ? [[seller.care.phone, seller.care.email].filter(Boolean).join(", ") + (seller.care.hours ? ` (${seller.care.hours})` : ""), [seller.legalName, ...seller.address].join(", ")].filter(Boolean).join("; ") : "";
  return tableHtml(declarationRowsIn(declarationRows(declared, care), language), {
    caption: translate(language, "productInfo.productDetails"),
    captionClass: "mb-2 text-left font-medium text-gray-900",
    testId: "declarations",
  });
}

/**
 * A two-column table of [label, value] rows as HTML, every text escaped (`he`): the product page's
 * specification and declarations tables, sent as data so its JavaScript carries none of them
 * (DESIGN.md §17's budget). `captionClass` "sr-only" keeps the caption for screen readers only.
 */
function tableHtml(rows: [string, string][], table: { caption: string; captionClass: string; testId: string }): string {
  const cells = rows
    .map(([label, value]) => `<tr class="border-b border-gray-100"><th scope="row" class="w-1/2 py-2 pr-4 font-medium text-gray-900">${he.escape(label)}</th><td class="py-2 text-gray-700">${he.escape(value)}</td></tr>`)
    .join("");
  return `<table class="w-full max-w-md text-left text-sm" data-testid="${table.testId}"><caption class="${table.captionClass}">${he.escape(table.caption)}</caption><tbody>${cells}</tbody></table>`;
}

/**
 * The product's published reviews as the page shows them, in words (issue 23 item 2; IS 19000:2022):
 * the count and the average to one decimal from the product's own figures (a remote store answers
 * them too); the `?reviews=N` page of the list (10 a page, newest first), each with its IST date,
 * the period they were collected in and the links to the pages around it (every other query
 * parameter kept) — none on a store whose reviews live elsewhere; and the "Write a Review" link
 * when this store takes reviews. Made here, so the page's JavaScript carries no review code
 * (docs/decisions/0530). `shown`: the listed reviews, for the JSON-LD.
 */
async function loadReviews(request: Request, product: Product, language: Language) {
  const { own, capabilities } = getBackend();
  const count = product.reviewCount ?? 0;
  const average = averageRating(count, product.ratingSum ?? 0);
  const url = new URL(request.url);
  const open = capabilities.reviews && own !== null;
  const list = open && count > 0 && own ? await own.reviews.publishedReviews(product.id, reviewsPageParam(url.searchParams.get("reviews"))) : null;
  const productPath = `/product/${product.id}`;
  const shown: PublishedReview[] = list?.reviews ?? [];
  const collected = list && list.collectedFrom !== null && list.collectedTo !== null ? { from: list.collectedFrom, to: list.collectedTo } : null;
  // The tab's sentences in the page's language (issue 27; utils/product-words.server.ts).
  const words = reviewWordsIn(language, { count, average: average === null ? null : formatRating(average), collected });
  const view = {
    tabLabel: words.tabLabel,
    /** "4.5", or null when there are none. */
    average: average === null ? null : formatRating(average),
    /** Under the product's name: "4.5 (1 review)", or the seed's words for none. */
    ratingText: words.ratingText,
    summary: words.summary,
    writeHref: open ? reviewPath(product.id) : null,
    list: shown.map((review) => ({
      id: review.id,
      byline: words.byline(review.authorName, review.publishedAt),
      rating: review.rating,
      title: review.title,
      body: review.body,
    })),
    pageWords: list && list.pageCount > 1 ? words.pageWords(list.page, list.pageCount) : null,
    newerHref: list && list.page > 1 ? reviewsPageHref(productPath, url.search, list.page - 1) : null,
    olderHref: list && list.page < list.pageCount ? reviewsPageHref(productPath, url.search, list.page + 1) : null,
  };
  return { view, shown };
}

/**
 * The product page's mutations, switched on `intent` (STYLE.md habit 4):
 * - `add-to-cart`: SPEC.md §4, §5, §8 — a missing or wrong size/colour key re-renders with the
 *   error (400; shown by the picker and as a toast); a logged-out shopper is sent to /login with
 *   'Please Login with Account'.
 * Foreign origin → 403; unknown product → 404; unknown intent or unreadable body → 400.
 */
export async function productPageAction(request: Request, productIdParam: string | undefined) {
  requireSameOrigin(request);
  const product = await findProduct(productIdParam);
  const formData = await readFormData(request).catch(throwBodyError);
  const intent = formData.get("intent");
  switch (intent) {
    case "add-to-cart":
      return addToCart(request, product, formData);
    default:
      throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });
  }
}

/** SPEC.md §8: adding to the cart failed (no session, or the backend refused it). */
const LOGIN_REQUIRED_MESSAGE = "Please Login with Account";

async function addToCart(request: Request, product: Product, formData: FormData) {
  const submission = parseAddToCartForm(formData, product.colours);
  if (!submission.ok) {
    // Not a flash toast: without JavaScript this very response is the page, and a flash cookie
    // would pop up on the next one. The page shows the message by the picker, and as a toast
    // when JavaScript runs (docs/decisions/0142). Worded here in the page's language (issue 27),
    // so the page's JavaScript carries no phrasebook.
    const language = languageOfPath(new URL(request.url).pathname);
    return json({ error: translatePhrase(language, submission.message) }, { status: 400 });
  }
  const productPath = `/product/${product.id}`;
  const token = await getSessionToken(request);
  if (!token) return redirectWithError(loginPath(productPath), LOGIN_REQUIRED_MESSAGE);
  try {
    await getBackend().addToCart(token, product.id, submission.size);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    // SPEC.md §8: a refused session (revoked, expired) → 'Please Login with Account' and /login,
    // with the dead cookie cleared. Other refusals (e.g. the line is at its cap of 99) keep the
    // shopper on the product with the backend's sentence (docs/decisions/0206).
    if (error.status === 401) {
      return redirectWithError(loginPath(productPath), LOGIN_REQUIRED_MESSAGE, {
        headers: { "Set-Cookie": await commitLogout(request) },
      });
    }
    return redirectWithError(productPath, error.message);
  }
  return redirectWithSuccess(productPath, ADDED_TO_CART_MESSAGE);
}

/** SPEC.md §8 success toast. */
const ADDED_TO_CART_MESSAGE = "Item added to cart!";

