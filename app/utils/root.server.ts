import { defer } from "@remix-run/node";
import { getBackend } from "~/backend/index.server";
import { publicEnv } from "~/config/env.server";
import { watchCountWords } from "~/lib/wishlist";
import type { RootData } from "~/utils/root-data";
import { getSessionToken, getShopper } from "~/utils/session.server";
import { getToast } from "~/utils/toast.server";

/**
 * The root loader's work (app/root.tsx): every page's toast, settings and visitor
 * (app/utils/root-data.ts). The session check is awaited, so a refused token's logout cookie goes
 * out with the response's head; the cart count is deferred (STYLE.md habit 8) and streams into the
 * same HTML response (docs/decisions/0510). root.tsx imports only this server module, so the
 * browser build gets no empty chunks for the modules it uses (docs/decisions/0530).
 */
export async function loadRoot(request: Request) {
  const [flash, shopper] = await Promise.all([getToast(request), getShopper(request)]);
  const { toast } = flash;
  // remix-toast re-commits its cookie on every read; send it only when a toast was consumed, so
  // anonymous pages stay cookie-free and cacheable.
  const headers = toast ? flash.headers : new Headers();
  if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
  const wishlistCount = shopper.user ? await headerWishlistCount(request) : null;
  const wishlist = wishlistCount === null ? null : `My Wishlist (${watchCountWords(wishlistCount)})`;
  const data: RootData = { env: publicEnv(), user: shopper.user, cartCount: shopper.cartCount, wishlist };
  return defer({ toast, ...data }, { headers });
}

/**
 * The header's wishlist figure for a signed-in shopper (issue 24 item 2): one indexed query by the
 * session's token; null on a store without a wishlist, 0 when it cannot be read. Signed-in pages
 * are never cached (docs/decisions/0525), so no shopper sees another's figure.
 */
async function headerWishlistCount(request: Request): Promise<number | null> {
  const { own, capabilities } = getBackend();
  const token = await getSessionToken(request);
  if (!capabilities.wishlist || !own || !token) return null;
  try {
    return await own.wishlist.wishlistCountForToken(token);
  } catch (error) {
    console.error("Could not count the wishlist for the header:", error);
    return 0;
  }
}
