import { json } from "@remix-run/node";
import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import type { OwnStore } from "~/backend/own/types";
import { BackendError } from "~/lib/errors";
import { DEFAULT_SIZE_KEY } from "~/constants/store";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatPaise } from "~/lib/money";
import { stockView } from "~/lib/stock";
import { WISHLIST_MESSAGES, wishlistConfirmPath } from "~/lib/wishlist";
import { publicEnv } from "~/config/env.server";
import type { Product } from "~/schemas/product";
import { requireSameOrigin } from "~/utils/origin.server";
import { productIn } from "~/utils/product-texts.server";
import { languageOfPath, type Language } from "~/i18n/language";
import { messagesFor, phrasesFor, translate, translatePhrase } from "~/i18n/messages.server";
import { stockWordsIn } from "~/utils/stock-words.server";
import { loginPath, safeRedirect } from "~/utils/safe-redirect";
import { commitLogout, expiredSessionRedirect, getSessionToken, requireUserToken } from "~/utils/session.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

/*
 * The wishlist's pages (issue 24 item 2; DESIGN.md §22; docs/decisions/0710): /wishlist's loader
 * and action, and the product page's toggle state. Server-only, so zod stays out of the pages'
 * JavaScript (docs/decisions/0530); every word a page shows is made here.
 */

const PRIVATE = { "cache-control": "private, no-store" };

function notFound(): Response {
  return new Response("Not Found", { status: 404, statusText: "Not Found", headers: PRIVATE });
}

/** The store's own wishlist, or null on a store whose data lives elsewhere (capabilities). */
function ownWishlist(): OwnStore | null {
  const { own, capabilities } = getBackend();
  return capabilities.wishlist && own ? own : null;
}

/** The signed-in shopper's account id for `token`; null when the backend no longer accepts it. */
async function accountId(own: OwnStore, token: string): Promise<number | null> {
  try {
    return (await own.accounts.requireAccount(token)).id;
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The product page's WISHLIST toggle (null on a store without a wishlist): its words and return
 * path, the same for every visitor; whether the watch is saved the page reads from the root data's
 * saved ids (docs/decisions/0800).
 */
export function wishlistToggleWords(productPath: string, language: Language = "en") {
  if (!ownWishlist()) return null;
  return { redirectTo: productPath, addLabel: translatePhrase(language, WISHLIST_MESSAGES.addLabel), savedLabel: translatePhrase(language, WISHLIST_MESSAGES.savedLabel) };
}

/**
 * GET /wishlist: the shopper's saved watches with today's price and stock, "Price dropped since
 * you saved it" where true, and — `?save=ID`, where login sends a visitor who pressed WISHLIST —
 * a button that saves the watch (a GET never saves: docs/decisions/0710). Logged out → /login and
 * back; an unknown `save` id answers 404 with the sentence; a store without a wishlist → 404.
 */
export async function loadWishlistPage(request: Request) {
  const own = ownWishlist();
  if (!own) throw notFound();
  const token = await requireUserToken(request);
  const userId = await accountId(own, token);
  if (userId === null) throw await expiredSessionRedirect(request);
  const items = await own.wishlist.wishlistItems(userId);
  const url = new URL(request.url);
  const saveParam = url.searchParams.get("save");
  // The owner's Hindi names on /hi/wishlist (docs/decisions/0880).
  const language = languageOfPath(url.pathname);
  let confirm: { productId: string; name: string; question: string } | null = null;
  let notice: string | null = null;
  let status = 200;
  if (saveParam !== null) {
    const parsed = productIdSchema.safeParse(saveParam);
    const found = parsed.success ? await getBackend().getProduct(parsed.data) : null;
    const product = found && productIn(found, language);
    if (!product) {
      notice = translatePhrase(language, WISHLIST_MESSAGES.unknownProduct);
      status = 404;
    } else if (items.some((item) => item.product.id === product.id)) {
      notice = translate(language, "wishlist.inWishlist", { name: product.name });
    } else {
      confirm = { productId: product.id, name: product.name, question: translate(language, "wishlist.saveQuestion", { name: product.name }) };
    }
  }
  return json(
    {
      heading: translate(language, "wishlist.heading"),
      countWords: items.length === 0 ? null : translate(language, "wishlist.saved", { count: items.length }),
      confirm,
      notice,
      items: items.map((item) => itemView(productIn(item.product, language), item.savedPricePaise, item.priceDropped, language)),
      // The buttons' words and the refusals' sentences in the page's language (issue 27).
      messages: messagesFor(language, ["wishlist"]),
      phrases: phrasesFor(language, ["cart"]),
      title: translate(language, "wishlist.pageTitle", { storeName: publicEnv().STORE_NAME }),
    },
    { status, headers: PRIVATE },
  );
}

/** One saved watch as /wishlist shows it, in words. */
function itemView(product: Product, savedPricePaise: number, dropped: boolean, language: Language) {
  const stock = stockView(product.stock, stockWordsIn(language));
  return {
    id: product.id,
    name: product.name,
    image: product.images[0] ?? "",
    price: formatPaise(product.pricePaise),
    /** "Price dropped since you saved it (was ₹1,500)" only when true. */
    priceDropped: dropped ? translate(language, "wishlist.priceDroppedWas", { price: formatPaise(savedPricePaise) }) : null,
    stock,
    /** A watch with colours is added from its page, where the colour is chosen. */
    chooseColour: product.colours.length > 0,
    canBuy: stock?.level !== "out",
  };
}

const productIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** The wishlist's one form: what to do, to which watch, and where to go back (STYLE.md habit 4). */
const wishlistFormSchema = z.object({
  intent: z.enum(["add", "remove", "move-to-cart"]),
  productId: productIdSchema,
  redirectTo: z.string().max(2000).optional(),
});

/**
 * POST /wishlist, `intent`:
 * - `add` / `remove`: save or drop `productId` (both idempotent), then back to `redirectTo` (a path
 *   on this store, else /wishlist) with a toast. A visitor is sent to /login, whose return is the
 *   confirm button on /wishlist?save=ID.
 * - `move-to-cart`: adds one to the cart (the cart's rules: stock, the line's cap) and drops it
 *   from the list; a watch with colours goes to its page to choose one.
 * Foreign origin → 403; a bad form → 400; an unknown watch → 404; a full list → 409, each with its
 * sentence on /wishlist; a store without a wishlist → 404.
 */
export async function wishlistAction(request: Request) {
  requireSameOrigin(request);
  const own = ownWishlist();
  if (!own) throw notFound();
  const formData = await readFormData(request).catch(throwBodyError);
  const parsed = wishlistFormSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return json({ error: "Sorry, we couldn't read that request. Please try again." }, { status: 400, headers: PRIVATE });
  const { intent, productId } = parsed.data;
  const back = safeRedirect(parsed.data.redirectTo, "/wishlist");

  const token = await getSessionToken(request);
  const userId = token ? await accountId(own, token) : null;
  if (userId === null) {
    const target = intent === "add" ? wishlistConfirmPath(productId) : "/wishlist";
    const init = token ? { headers: { "Set-Cookie": await commitLogout(request) } } : undefined;
    return redirectWithError(loginPath(target), WISHLIST_MESSAGES.loginFirst, init);
  }

  try {
    switch (intent) {
      case "add": {
        await own.wishlist.saveToWishlist(userId, productId);
        return redirectWithSuccess(back, WISHLIST_MESSAGES.saved);
      }
      case "remove": {
        await own.wishlist.removeFromWishlist(userId, productId);
        return redirectWithSuccess(back, WISHLIST_MESSAGES.removed);
      }
      case "move-to-cart":
        return await moveToCart(own, token!, userId, productId);
    }
  } catch (error) {
    if (!(error instanceof BackendError) || error.status >= 500) throw error;
    if (error.status === 401) return expiredSessionRedirect(request, "/wishlist");
    // A refused save or move answers its 4xx, and /wishlist shows the sentence above the list
    // (a full list is right there to trim).
    return json({ error: error.message }, { status: error.status, headers: PRIVATE });
  }
}

async function moveToCart(own: OwnStore, token: string, userId: number, productId: string) {
  const product = await getBackend().getProduct(productId);
  if (!product) throw new BackendError(404, WISHLIST_MESSAGES.unknownProduct);
  if (product.colours.length > 0) return redirectWithError(`/product/${product.id}#buy`, WISHLIST_MESSAGES.chooseColour);
  await getBackend().addToCart(token, product.id, DEFAULT_SIZE_KEY);
  await own.wishlist.removeFromWishlist(userId, product.id);
  return redirectWithSuccess("/wishlist", `${product.name}: ${WISHLIST_MESSAGES.movedToCart}`);
}
