import { useT } from "~/i18n/use-t";
import { useFetcher } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { parseQuantityInput, sizeKeyName, sizeLabel, type CartLineData } from "~/lib/cart-lines";
import { MAX_LINE_QUANTITY, NAME_MAX_CHARS } from "~/constants/store";
import { formatPaise, truncateName } from "~/lib/money";
import { Separator } from "~/components/ui/Separator";

/** The fetcher key of a line's edits; the cart page reads these fetchers for optimistic totals. */
export function cartLineFetcherKey(line: Pick<CartLineData, "productId" | "sizeKey">): string {
  return `cart-line:${line.productId}:${line.sizeKey}`;
}

/**
 * Form field sent only by the hydrated page (fetcher submissions): the action then answers JSON
 * instead of redirecting, so nothing navigates. Plain form posts redirect back to /cart.
 */
export const ENHANCED_FIELD = "enhanced";

const SUBMIT_DELAY_MS = 400;

/**
 * One cart line (SPEC.md §2): image, name cut to 40 characters, unit price, size tag, quantity
 * input (min 1) and a delete icon button. Both are plain POST forms to /cart (intent `update` /
 * `remove`), so they work without JavaScript (the quantity form has an Update button); with
 * JavaScript a valid quantity is sent by a fetcher shortly after typing, without reloading,
 * and invalid input (empty, 0, non-numeric) is ignored and restored on blur.
 */
export function CartLine({ line }: { line: CartLineData }) {
  // Without JavaScript the forms post and come back to this page, in its language (issue 27).
  const { localPath, t } = useT();
  const fetcher = useFetcher({ key: cartLineFetcherKey(line) });
  const [value, setValue] = useState(String(line.quantity));
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const enhanced = hydrated ? <input type="hidden" name={ENHANCED_FIELD} value="1" /> : null;

  // The server's quantity wins whenever it changes or an edit settles (e.g. a refused edit),
  // unless an edit is still in flight. (State adjusted during render, not in an effect.)
  const idle = fetcher.state === "idle";
  const [seen, setSeen] = useState({ quantity: line.quantity, idle });
  if (seen.quantity !== line.quantity || seen.idle !== idle) {
    setSeen({ quantity: line.quantity, idle });
    if (idle) setValue(String(line.quantity));
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  function onQuantityChange(next: string) {
    setValue(next);
    clearTimeout(timer.current);
    const quantity = parseQuantityInput(next);
    if (quantity === null || quantity === line.quantity) return;
    timer.current = setTimeout(() => {
      if (formRef.current) fetcher.submit(formRef.current);
    }, SUBMIT_DELAY_MS);
  }

  const productPath = `/product/${line.productId}`;
  // Two lines of one watch differ by colour, so their controls' names say which (issue 9 item 2).
  const lineName = sizeKeyName(line.sizeKey) ? `${line.name} (${sizeLabel(line.sizeKey)})` : line.name;
  const inputId = `quantity-${line.productId}-${line.sizeKey}`;
  return (
    <li
      className="grid grid-cols-[4fr_2fr_auto] items-center gap-4 border-b py-4 text-gray-700 sm:grid-cols-[4fr_2fr_0.5fr]"
      data-testid="cart-line"
    >
      <div className="flex items-start gap-4 sm:gap-6">
        <Link to={productPath} tabIndex={-1} aria-hidden="true" className="shrink-0">
          <img src={line.image} alt="" width={80} height={80} className="h-16 w-16 bg-gray-50 object-cover sm:h-20 sm:w-20" />
        </Link>
        <div className="min-w-0">
          <p className="text-xs font-medium sm:text-lg">
            <Link to={productPath} title={line.name} className="hover:underline">
              {truncateName(line.name, NAME_MAX_CHARS)}
            </Link>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm sm:gap-5">
            <p>
              {formatPaise(line.pricePaise)}
              <Separator />
            </p>
            <p className="border bg-slate-50 px-2 sm:px-3 sm:py-1">
              {sizeKeyName(line.sizeKey) ? <span className="sr-only">{t("cart.colour")}: </span> : null}
              {sizeKeyName(line.sizeKey) ? sizeLabel(line.sizeKey) : t("cart.standard")}
            </p>
          </div>
        </div>
      </div>

      <fetcher.Form method="post" action={localPath("/cart")} ref={formRef} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="update" />
        {enhanced}
        <input type="hidden" name="itemId" value={line.productId} />
        <input type="hidden" name="size" value={line.sizeKey} />
        <label htmlFor={inputId} className="sr-only">
          {t("cart.quantityOf", { name: lineName })}
        </label>
        <input
          id={inputId}
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          step={1}
          required
          value={value}
          onChange={(event) => onQuantityChange(event.currentTarget.value)}
          onBlur={() => {
            if (parseQuantityInput(value) === null) setValue(String(line.quantity));
          }}
          className="w-14 border px-1 py-1 sm:w-20 sm:px-2"
        />
        <button
          type="submit"
          className="js-hide-when-hydrated border border-gray-800 px-2 py-1 text-xs text-gray-800 hover:bg-gray-100"
        >
          {t("cart.update")}<span className="sr-only">{t("cart.updateQuantityOf", { name: lineName })}</span>
        </button>
      </fetcher.Form>

      <fetcher.Form method="post" action={localPath("/cart")}>
        <input type="hidden" name="intent" value="remove" />
        {enhanced}
        <input type="hidden" name="itemId" value={line.productId} />
        <input type="hidden" name="size" value={line.sizeKey} />
        <button
          type="submit"
          title="Remove"
          className="mr-2 p-2 text-gray-700 hover:text-red-700 sm:mr-4"
          onClick={() => clearTimeout(timer.current)}
        >
          <TrashIcon />
          <span className="sr-only">{t("cart.remove", { name: lineName })}</span>
        </button>
      </fetcher.Form>
    </li>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}
