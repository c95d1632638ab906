import { Link } from "@remix-run/react";
import { BagIcon } from "./icons";
import { cartLabel } from "./navigation";

/** The cart icon with its item count, shown only to logged-in shoppers (SPEC.md §2). */
export function CartLink({ count }: { count: number }) {
  return (
    <Link
      to="/cart"
      aria-label={cartLabel(count)}
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 hover:text-gray-900"
      data-testid="cart-link"
    >
      <BagIcon />
      <span
        aria-hidden="true"
        className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-black px-1 text-[11px] font-semibold leading-none text-white"
      >
        {count > 99 ? "99+" : count}
      </span>
    </Link>
  );
}
