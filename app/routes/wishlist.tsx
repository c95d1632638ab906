import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { storeNameOf } from "~/components/StaticPage";

/**
 * /wishlist, linked from the account menu (SPEC.md §2 lists it without a route; DESIGN.md §5:
 * such links lead to real pages). The Wishlist button has no behaviour yet (SPEC.md §1), so the
 * page says so and offers ways on.
 */
export default function Wishlist() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">My Wishlist</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">Your wishlist is coming soon</h1>
      <p className="mt-4 text-gray-700">
        Soon you will be able to save the watches you love and come back to them later. Until then, add
        them to your cart — it is kept for you whenever you log in.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/collection" className="rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800">
          Browse watches
        </Link>
        <Link
          to="/new-arrivals"
          className="rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100"
        >
          See new arrivals
        </Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: `My Wishlist | ${storeNameOf(matches)}` }, { name: "robots", content: "noindex" }];
