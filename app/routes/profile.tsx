import type { MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { storeNameOf } from "~/components/StaticPage";
import { useRootData } from "~/utils/root-data";

const primary = "rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800";
const secondary = "rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100";

/**
 * /profile, linked from the account menu (SPEC.md §2 lists it without a route; DESIGN.md §5:
 * such links lead to real pages). Logged in: the account's name and its links; logged out: an
 * invitation to log in.
 */
export default function Profile() {
  const user = useRootData()?.user ?? null;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">My Profile</p>
      {user ? (
        <>
          <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">Hello{user.name ? `, ${user.name}` : ""}</h1>
          <p className="mt-4 text-gray-700">
            Editing your details here is coming soon. Your orders and their status are under My Orders.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/orders" className={primary}>
              My Orders
            </Link>
            <Link to="/collection" className={secondary}>
              Browse watches
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className={secondary}>
                Logout
              </button>
            </Form>
          </div>
        </>
      ) : (
        <>
          <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">Log in to see your profile</h1>
          <p className="mt-4 text-gray-700">Log in or create an account to keep a cart, place orders and follow them.</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link to="/login" className={primary}>
              Log In / Sign Up
            </Link>
            <Link to="/collection" className={secondary}>
              Browse watches
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: `My Profile | ${storeNameOf(matches)}` }, { name: "robots", content: "noindex" }];
