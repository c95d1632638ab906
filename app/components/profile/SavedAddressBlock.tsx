import { Form, Link } from "~/components/ui/local-links";
import { addressLines, addressShortName, type AddressForText } from "~/lib/address-text";
import { useT } from "~/i18n/use-t";

const small = "rounded border border-gray-900 px-3 py-1.5 text-xs font-medium text-gray-900 hover:bg-gray-100";

/**
 * One saved address on /profile (issue 13 item 5): a readable block (name, street, city, state
 * and PIN, mobile, email), "Default" on the default one, and its actions — Edit (a link to
 * `/profile?edit=ID`), Make default and Delete (each a button in its own form, so they work
 * without JavaScript; with it, Delete asks first). Each control names the address it acts on.
 * Words from the page's `profile` and `checkout` messages (issue 27).
 */
export function SavedAddressBlock({ id, address, isDefault }: { id: number; address: AddressForText & { email: string }; isDefault: boolean }) {
  const which = addressShortName(address);
  const { t } = useT();
  return (
    <li className="rounded border border-gray-300 p-4" data-testid="saved-address">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm leading-6 text-gray-800">
          {[...addressLines(address), address.email].map((line, at) => (
            <span key={at} className={at === 0 ? "font-medium text-gray-900" : undefined}>
              {at > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </p>
        {isDefault ? <p className="rounded bg-gray-900 px-2 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">{t("checkout.default")}</p> : null}
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to={`/profile?edit=${id}#address-form`} className={small} aria-label={t("profile.editWhich", { which })}>
          {t("profile.edit")}
        </Link>
        {isDefault ? null : (
          <Form method="post" action="/profile">
            <input type="hidden" name="intent" value="make-default" />
            <input type="hidden" name="addressId" value={id} />
            <button type="submit" className={small} aria-label={t("profile.makeDefaultWhich", { which })}>
              {t("profile.makeDefault")}
            </button>
          </Form>
        )}
        <Form
          method="post"
          action="/profile"
          onSubmit={(event) => {
            if (!window.confirm(t("profile.deleteConfirm", { which }))) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="addressId" value={id} />
          <button type="submit" className={small} aria-label={t("profile.deleteWhich", { which })}>
            {t("profile.delete")}
          </button>
        </Form>
      </div>
    </li>
  );
}
