import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { productsIn } from "~/utils/product-texts.server";
import { useT } from "~/i18n/use-t";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useFetchers, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { CartLine, cartLineFetcherKey, ENHANCED_FIELD } from "~/components/cart/CartLine";
import { StockProblems } from "~/components/cart/StockProblems";
import { cartStockProblems } from "~/lib/stock";
import { orderLimitProblems } from "~/lib/order-limits";
import { buildCartLines, cartTotals, parseQuantityInput, type CartLineData } from "~/lib/cart-lines";
import { CartTotals } from "~/components/cart/CartTotals";
import { CartDeliveryCheck } from "~/components/cart/CartDeliveryCheck";
import { DiscountCodeBox } from "~/components/cart/DiscountCodeBox";
import { handleCodePost, loadCodeBox } from "~/utils/discount-code.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { loadDeliveryCheck } from "~/utils/delivery-check.server";
import { parseCartEditForm } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";
import { jsonWithError, redirectWithError } from "~/utils/toast.server";

/**
 * /cart (SPEC.md §2): the logged-in shopper's lines (unknown products skipped) and totals, and
 * "Check delivery" for an order of the cart's total (`?pin=` or the remembered PIN code; issue 13
 * item 3). Logged-out visitors go to /login and come back here afterwards. Issue 47 item 2: the
 * discount code box (utils/discount-code.server.ts) and the totals after the applied code.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireUserToken(request);
  const backend = getBackend();
  const cart = await backend.getCart(token).catch(async (error) => {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request);
    throw error;
  });
  const language = languageOfPath(new URL(request.url).pathname);
  // The lines name the watches as the page's language does (the owner's Hindi names on /hi; docs/decisions/0880).
  const byId = productsIn(await backend.getProducts(Object.keys(cart)), language);
  const lines = buildCartLines(cart, byId);
  const { box: codeBox, discountPaise } = await loadCodeBox(request, token);
  const delivery = await loadDeliveryCheck(request, cartTotals(lines).totalPaise - discountPaise);
  const headers = new Headers({ "cache-control": "private, no-store" });
  if (delivery.setCookie) headers.append("Set-Cookie", delivery.setCookie);
  // Issue 23: lines whose watch sold out, or asks for more than are left, say so here; issue 43
  // item 3: so does a cart with more of a watch, or more watches, than one order may have.
  const stockProblems = [...cartStockProblems(lines, (id) => byId.get(id)), ...orderLimitProblems(lines)];
  // The page's own words in its language, and its stock sentences' (issue 27; i18n/use-t.ts).
  const messages = messagesFor(language, ["cart", "delivery", "discountCode"]);
  return json(
    { lines, codeBox, delivery: delivery.check, stockProblems, messages, phrases: phrasesFor(language, ["cart"]), title: translate(language, "cart.pageTitle") },
    { headers },
  );
}

/**
 * Cart edits (SPEC.md §4, §5): `intent=update` sets a line's quantity — a quantity that is not a
 * whole number of at least 1 is ignored (nothing changes), above MAX_LINE_QUANTITY (3, issue 43
 * item 3) is refused with a message;
 * `intent=remove` (the delete icon) sets it to 0, which removes the line. Success: a 303 back
 * to /cart for a plain form post, a small JSON answer for the hydrated page's fetchers (no
 * navigation). Failures
 * come back as an error toast; an expired session goes to /login. `intent=applyCode|removeCode`:
 * the discount code box (utils/discount-code.server.ts handleCodePost).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const token = await requireUserToken(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const codePost = await handleCodePost(request, token, formData, "/cart");
  if (codePost) return codePost;
  const edit = parseCartEditForm(formData);
  if (edit.kind === "refused") return failure(formData, 400, edit.message);
  if (edit.kind === "ignored") return done(formData); // SPEC.md §5: non-numeric, zero or below-1 quantities are ignored.

  try {
    await getBackend().updateCart(token, edit.itemId, edit.size, edit.quantity);
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) throw await expiredSessionRedirect(request, "/cart");
    return failure(formData, error.status >= 500 ? 503 : error.status, error.message);
  }
  return done(formData);
}

function done(formData: FormData) {
  return formData.get(ENHANCED_FIELD) === "1" ? json({ ok: true as const }) : redirect("/cart", 303);
}

function failure(formData: FormData, status: number, message: string) {
  return formData.get(ENHANCED_FIELD) === "1"
    ? jsonWithError({ ok: false as const, message }, message, { status })
    : redirectWithError("/cart", message);
}

/**
 * The lines as the shopper should see them now: edits still in flight (fetchers) are applied
 * optimistically, so quantities, removals and totals change at once with JavaScript.
 */
function useOptimisticLines(lines: CartLineData[]): CartLineData[] {
  const fetchers = useFetchers();
  const pending = new Map<string, number>();
  for (const fetcher of fetchers) {
    const form = fetcher.formData;
    if (!form || fetcher.formMethod?.toLowerCase() !== "post") continue;
    const key = cartLineFetcherKey({ productId: String(form.get("itemId")), sizeKey: String(form.get("size")) });
    if (fetcher.key !== key) continue;
    if (form.get("intent") === "remove") pending.set(key, 0);
    else {
      const quantity = parseQuantityInput(String(form.get("quantity") ?? ""));
      if (quantity !== null) pending.set(key, quantity);
    }
  }
  return lines
    .map((line) => ({ ...line, quantity: pending.get(cartLineFetcherKey(line)) ?? line.quantity }))
    .filter((line) => line.quantity > 0);
}

export default function CartPage() {
  const { lines, delivery, stockProblems, codeBox } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const codeAnswer = answered && "codeBox" in answered ? answered.codeBox : null;
  const visible = useOptimisticLines(lines);
  const totals = cartTotals(visible);
  const applied = codeBox.applied?.applies ? codeBox.applied : null;
  const discountPaise = applied ? applied.discountPaise : 0;
  const { t } = useT();

  return (
    <div className="mx-auto max-w-screen-xl border-t px-4 pt-14 sm:px-[5vw] lg:px-[7vw]">
      <h1 className="mb-3 inline-flex items-center gap-2 text-2xl text-gray-800">
        <span className="text-gray-600">{t("cart.yourLead")}</span> <span className="font-medium">{t("cart.yourMain")}</span>
        <span aria-hidden="true" className="h-[2px] w-8 bg-gray-700 sm:w-12" />
      </h1>

      {visible.length === 0 ? (
        <div className="border-t py-16 text-center" data-testid="cart-empty">
          <p className="text-lg text-gray-800">{t("cart.empty")}</p>
          <p className="mt-2 text-sm text-gray-600">{t("cart.emptyHint")}</p>
          <Link
            to="/collection"
            className="mt-6 inline-block bg-black px-8 py-3 text-sm text-white hover:bg-gray-800"
          >
            {t("cart.browse")}
          </Link>
        </div>
      ) : (
        <>
          <StockProblems problems={stockProblems} />
          <ul aria-label={t("cart.items")} className="border-t">
            {visible.map((line) => (
              <CartLine key={cartLineFetcherKey(line)} line={line} />
            ))}
          </ul>
          <div className="my-20 flex justify-end">
            <div className="w-full sm:w-[450px]">
              <CartTotals
                subtotalPaise={totals.subtotalPaise}
                deliveryFeePaise={totals.deliveryFeePaise}
                totalPaise={totals.totalPaise - discountPaise}
                discount={applied ? { code: applied.code, paise: discountPaise } : null}
              />
              <DiscountCodeBox box={codeBox} answer={codeAnswer} />
              {codeBox.available ? (
                <p className="text-sm">
                  <Link to="/offers" className="underline underline-offset-2 hover:text-gray-900">
                    {t("discountCode.seeOffers")}
                  </Link>
                </p>
              ) : null}
              <div className="mt-8">
                <CartDeliveryCheck check={delivery} />
              </div>
              <div className="w-full text-end">
                {/* A page load, not a client-side navigation: the checkout's CSP lets Cashfree.js in (DESIGN.md §16). */}
                <Link to="/place-order" reloadDocument className="my-8 inline-block bg-black px-8 py-3 text-sm text-white hover:bg-gray-800">
                  {t("cart.checkout")}
                </Link>
              </div>
            </div>
          </div>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Your cart — Chrono India" }, { name: "robots", content: "noindex" }];
