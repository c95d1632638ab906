import { Form, Link } from "~/components/ui/local-links";
import { useT } from "~/i18n/use-t";
import { UserIcon } from "./icons";
import { useDetailsMenu } from "./useDetailsMenu";

const iconButton =
  "flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-full text-gray-800 hover:bg-gray-100 hover:text-gray-900 [&::-webkit-details-marker]:hidden";

/**
 * The account control (SPEC.md §2): logged out, the account icon is a link to /login; logged
 * in, it opens the account menu — Hello User, My Profile, My Orders, My Wishlist with its count
 * (words from the root loader, on every screen since the wishlist is real; none on a store without
 * one: issue 24 item 2) and Logout, a POST form so it works without JavaScript. Staff also find "Back office"
 * (/admin, issue 12); shoppers never see it.
 */
export function AccountMenu({ loggedIn, staff = false, wishlist }: { loggedIn: boolean; staff?: boolean; wishlist?: string }) {
  const { t } = useT();
  if (!loggedIn) {
    return (
      <Link to="/login" className={iconButton} data-testid="account-link">
        <UserIcon />
        <span className="sr-only">{t("shell.logIn")}</span>
      </Link>
    );
  }
  return <AccountDropdown staff={staff} wishlist={wishlist} />;
}

function AccountDropdown({ staff, wishlist }: { staff: boolean; wishlist?: string }) {
  const ref = useDetailsMenu();
  const { t } = useT();
  const item = "block w-full px-4 py-2 text-left text-sm text-gray-700 hover:bg-gray-50 hover:text-gray-900";
  return (
    <details ref={ref} className="relative" data-testid="account-menu">
      <summary className={iconButton}>
        <UserIcon />
        <span className="sr-only">{t("shell.accountMenu")}</span>
      </summary>
      <div className="absolute right-0 top-full z-30 mt-2 w-48 rounded-md border border-gray-200 bg-white py-2 shadow-lg">
        <p className="border-b border-gray-200 px-4 pb-2 pt-1 text-sm font-semibold text-gray-900">{t("shell.helloUser")}</p>
        <ul className="pt-1">
          <li>
            <Link to="/profile" className={item}>
              {t("shell.myProfile")}
            </Link>
          </li>
          <li>
            <Link to="/orders" className={item}>
              {t("shell.myOrders")}
            </Link>
          </li>
          {staff && (
            <li>
              <Link to="/admin" className={item}>
                {t("shell.backOffice")}
              </Link>
            </li>
          )}
          {wishlist && (
            <li>
              <Link to="/wishlist" className={item} data-testid="wishlist-link">
                {wishlist}
              </Link>
            </li>
          )}
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={item}>
                {t("shell.logout")}
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}
