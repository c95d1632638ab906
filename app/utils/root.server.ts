import { defer } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { publicEnv } from "~/config/env.server";
import { languageOffer, languageOfPath } from "~/i18n/language";
import { messagesFor, ROOT_NAMESPACES, translate, translatePhrase } from "~/i18n/messages.server";
import { BackendError } from "~/lib/errors";
import { parsePageTemplateHeader, PAGE_TEMPLATE_HEADER, TEMPLATE_CART_COUNT, TEMPLATE_WISHLIST_LABEL } from "~/utils/page-template";
import { shopperRootData, VISITOR_ROOT_DATA, type PersonalRootData } from "~/utils/personal-root-data.server";
import type { RootData } from "~/utils/root-data";
import { sellerFooterHtml, storeSellerDetails } from "~/utils/seller-details.server";
import { commitLogout, getSessionToken, getShopper } from "~/utils/session.server";
import { isPageCacheRender } from "~/utils/store-page-cache.server";
import { getToast } from "~/utils/toast.server";

/**
 * The root loader's work (app/root.tsx): every page's toast, settings, visitor and the seller's
 * details for the footer (app/utils/root-data.ts). On the store's own database the visitor's
 * session, role, cart count and saved watches are two indexed queries, awaited (issue 26 item 1);
 * a logout cookie for a refused token goes out with the response. Against a remote Store API the
 * cart count is deferred (it takes the cart and its products: STYLE.md habit 8). The page
 * cache's template renders get the template's figures (utils/page-template.ts; docs/decisions/0800).
 * root.tsx imports only this server module, so the browser build gets no empty chunks for the
 * modules it uses (docs/decisions/0530).
 */
export async function loadRoot(request: Request) {
  const [flash, personal, seller] = await Promise.all([getToast(request), personalRootData(request), storeSellerDetails()]);
  const { pathname } = new URL(request.url);
  const language = languageOfPath(pathname);
  // The toast's sentence in the page's language (issue 27; docs/decisions/0890): the English
  // sentence the action flashed, worded here, so every action and the Store API keep SPEC.md's.
  const toast = flash.toast ? { ...flash.toast, message: translatePhrase(language, flash.toast.message) } : flash.toast;
  // The toast cookie's deletion, when the request carried one (utils/toast.server.ts).
  const headers = flash.headers;
  if (personal.setCookie) headers.append("Set-Cookie", personal.setCookie);
  const hearts = getBackend().capabilities.wishlist;
  // The header's, navigation's and footer's words in the page's language (issue 27; docs/decisions/0850).
  const messages = messagesFor(language, ROOT_NAMESPACES);
  // The language the shopper chose, offered on a page in the other one (in its own words).
  const offer = languageOffer(pathname, request.headers.get("cookie"));
  const languageOfferData = offer ? { language: offer, text: translate(offer, "shell.offerText"), link: translate(offer, "shell.offerLink") } : null;
  const data: RootData = {
    env: publicEnv(),
    ...personal.data,
    hearts,
    sellerFooterHtml: seller ? sellerFooterHtml(seller) : null,
    messages,
    languageOffer: languageOfferData,
  };
  return defer({ toast, ...data }, { headers });
}

async function personalRootData(request: Request): Promise<{ data: PersonalRootData; setCookie?: string }> {
  const { own, capabilities } = getBackend();
  const language = languageOfPath(new URL(request.url).pathname);
  const template = isPageCacheRender(request) ? parsePageTemplateHeader(request.headers.get(PAGE_TEMPLATE_HEADER)) : null;
  if (template) {
    const root = shopperRootData({ staff: false, cartCount: template.cart === "one" ? 1 : TEMPLATE_CART_COUNT, savedIds: template.savedIds }, capabilities.wishlist, language);
    return { data: { ...root, wishlist: root.wishlist === null ? null : TEMPLATE_WISHLIST_LABEL } };
  }
  if (!own) {
    const shopper = await getShopper(request);
    return { data: { ...VISITOR_ROOT_DATA, user: shopper.user, cartCount: shopper.cartCount }, setCookie: shopper.setCookie };
  }
  const token = await getSessionToken(request);
  if (!token) return { data: VISITOR_ROOT_DATA };
  const state = await own.shopperHeader.shopperHeaderState(token);
  if (state?.staff) {
    // Staff sessions expire when idle (issue 12): the accounts service decides, and notes the visit.
    try {
      await own.accounts.requireAccount(token);
    } catch (error) {
      if (!(error instanceof BackendError && error.status === 401)) throw error;
      return { data: VISITOR_ROOT_DATA, setCookie: await commitLogout(request) };
    }
  }
  if (!state) return { data: VISITOR_ROOT_DATA, setCookie: await commitLogout(request) };
  return { data: shopperRootData(state, capabilities.wishlist, language) };
}
