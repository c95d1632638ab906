import { Link } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";
import { BagIcon } from "./icons";

/**
 * The cart icon with its item count, shown only to logged-in shoppers (SPEC.md §2). Its name is
 * real text, "Cart, 2 items", of which only the count shows on screen: a text browser reads the
 * same words as a screen reader (issue 9 item 2). Without `count` (still on its way) it is the
 * plain link "Cart", with no badge.
 */
export function CartLink({ count }: { count?: number }) {
  const { t } = useT();
  return (
    <Link
      to="/cart"
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 hover:text-gray-900"
      data-testid="cart-link"
    >
      <BagIcon />
      {count === undefined ? (
        <span className="sr-only">{t("shell.cart")}</span>
      ) : (
        <>
          <span className="sr-only">{t("shell.cartBefore")}</span>
          <span className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-black px-1 text-[11px] font-semibold leading-none text-white">
            {count > 99 ? "99+" : count}
          </span>
          <span className="sr-only">{t("shell.cartItemsAfter", { count })}</span>
        </>
      )}
    </Link>
  );
}
