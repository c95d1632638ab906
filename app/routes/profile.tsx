import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { PlainAddressFields } from "~/components/profile/PlainAddressFields";
import { SavedAddressBlock } from "~/components/profile/SavedAddressBlock";
import { BackendError } from "~/lib/errors";
import type { AddressField } from "~/schemas/checkout-rules";
import { readFormData, throwBodyError } from "~/http/body.server";
import { optionalAddressBook, parseProfileForm, requireAddressBook } from "~/utils/address-book.server";
import { optionalYourDataSection } from "~/utils/profile-your-data.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeNameOf, useRootData } from "~/utils/root-data";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";
import { getBackend } from "~/backend/index.server";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/schemas/password-limits";
import { PASSWORD_RESET_MESSAGES } from "~/utils/password-messages.server";
import { parseChangePasswordForm } from "~/utils/forms.server";
import { guardLogin, rateLimitMessage } from "~/utils/rate-limit.server";
import { commitLogout, expiredSessionRedirect, getSessionToken, requireUserToken } from "~/utils/session.server";

const primary = "rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800";
const secondary = "rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100";

/**
 * /profile, linked from the account menu (SPEC.md §2 lists it without a route; DESIGN.md §5).
 * Logged in: the account's name and the saved delivery addresses (issue 13 item 5; DESIGN.md §19;
 * docs/decisions/0623), the default first; `?edit=ID` opens that address's form, prefilled (an
 * address that is not the shopper's goes back to /profile with "We couldn't find that address.").
 * Logged out: an invitation to log in. `book` is null when logged out, or when the store's data
 * lives on another server (no `capabilities.addressBook`), which keeps no address book here.
 * `yourData`: the "Your data" section (issue 25 item 4; docs/decisions/0770) as HTML made by the
 * server — download, view and correct, marketing consent, delete the account — so the page's
 * JavaScript, at its 100 KB budget, carries none of it.
 * On /hi/profile every word is Hindi (issue 27): the page's `profile` messages and the checkout's
 * address labels, and the phrasebook groups of the sentences its forms answer with.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const headers = { "cache-control": "private, no-store" };
  const language = languageOfPath(new URL(request.url).pathname);
  const words = {
    messages: messagesFor(language, ["profile", "checkout"]),
    phrases: phrasesFor(language, ["account", "address", "profile"]),
    title: translate(language, "profile.myProfile"),
  };
  const [book, passwords, yourData] = await Promise.all([optionalAddressBook(request), passwordControls(request), optionalYourDataSection(request, language)]);
  if (!book) return json({ book: null, passwords, yourData, ...words }, { headers });
  const addresses = await book.addresses.listSavedAddresses(book.account.id);
  const edit = new URL(request.url).searchParams.get("edit");
  const editing = edit === null ? null : (addresses.find((saved) => String(saved.id) === edit) ?? null);
  if (edit !== null && !editing) return redirectWithError("/profile", book.addresses.SAVED_ADDRESS_MESSAGES.notFound);
  return json(
    {
      book: {
        name: book.account.name,
        email: book.account.email,
        addresses: addresses.map(({ id, address, isDefault }) => ({ id, address, isDefault })),
        editingId: editing?.id ?? null,
        max: book.addresses.MAX_SAVED_ADDRESSES,
      },
      passwords,
      yourData,
      ...words,
    },
    { headers },
  );
}

/** Whether /profile shows its password controls (not when logged out, or with accounts kept elsewhere). */
async function passwordControls(request: Request): Promise<boolean> {
  const { own, capabilities } = getBackend();
  const token = await getSessionToken(request);
  if (!capabilities.passwordReset || !own || !token) return false;
  try {
    await own.accounts.requireAccount(token);
    return true;
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return false;
    throw error;
  }
}

/** What a refused address form answers: the posted values, the sentences by field, or one for the form. */
type AddressFormAnswer = {
  intent: "add" | "edit";
  addressId: string;
  values: Record<AddressField, string>;
  errors: Partial<Record<AddressField, string>>;
  formError: string | null;
};

/**
 * The address book's forms (issue 13 item 5), one `intent` (STYLE.md habit 4): `add`, `edit`
 * (with `addressId`), `delete` and `make-default` (with `addressId`). Same-origin posts of a
 * logged-in shopper only (else /login and back). A success is a 303 to /profile with a toast. An
 * address the server refuses comes back with status 400, the values kept and each field's
 * sentence; the 11th address 409 with the limit's sentence; an address that is not the shopper's
 * a 303 to /profile with "We couldn't find that address."; an unknown intent 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const posted = formData.get("intent");
  if (posted === "change-password" || posted === "sign-out-everywhere") return passwordAction(request, posted, formData);
  const { addresses, account } = await requireAddressBook(request, "/profile");
  const form = parseProfileForm(formData);
  if (!form) throw new Response("This form can't be handled here.", { status: 400, statusText: "Bad Request" });
  const { intent, addressId, values } = form;
  try {
    switch (intent) {
      case "add":
        await addresses.addSavedAddress(account.id, values);
        return redirectWithSuccess("/profile", "Address saved.");
      case "edit":
        await addresses.updateSavedAddress(account.id, addressId, values);
        return redirectWithSuccess("/profile", "Address updated.");
      case "delete":
        await addresses.deleteSavedAddress(account.id, addressId);
        return redirectWithSuccess("/profile", "Address deleted.");
      case "make-default":
        await addresses.setDefaultSavedAddress(account.id, addressId);
        return redirectWithSuccess("/profile", "Default address changed.");
    }
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 404) return redirectWithError("/profile", error.message);
    if (intent !== "add" && intent !== "edit") throw error;
    const answer: AddressFormAnswer = {
      intent,
      addressId,
      values,
      errors: error instanceof addresses.SavedAddressInputError ? error.fieldErrors : {},
      formError: error instanceof addresses.SavedAddressInputError ? null : error.message,
    };
    return json(answer, { status: error.status === 409 ? 409 : 400 });
  }
}

/**
 * Change password and Sign out everywhere (issue 24 item 1; DESIGN.md §22; docs/decisions/0700),
 * for a logged-in shopper (else /login and back) on a store that keeps its accounts
 * (`capabilities.passwordReset`, else 404). `change-password`: the current password (a wrong one
 * counts as a failed login, so the login limits apply: 429 when locked), the new one twice with
 * sign-up's rules; the other sessions end; 303 to /profile with a toast, or 400 with each field's
 * sentence. `sign-out-everywhere`: every session of the account ends, this one too; 303 to /login
 * with a toast and the cookie cleared.
 */
async function passwordAction(request: Request, intent: "change-password" | "sign-out-everywhere", formData: FormData) {
  const token = await requireUserToken(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.passwordReset || !own) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  try {
    if (intent === "sign-out-everywhere") {
      await own.accounts.endAllSessions(token);
      return redirectWithSuccess("/login", PASSWORD_RESET_MESSAGES.signedOutEverywhere, { headers: { "Set-Cookie": await commitLogout(request) } });
    }
    const submission = parseChangePasswordForm(formData);
    const hideFields = ["currentPassword", "password", "confirm"];
    if (submission.status !== "success") return json({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    const account = await own.accounts.requireAccount(token);
    try {
      const outcome = await guardLogin(request, account.email, () => own.accounts.changePassword(token, submission.value));
      if (!outcome.ok) {
        const reply = submission.reply({ fieldErrors: { currentPassword: [rateLimitMessage(outcome.retryAfterSeconds)] }, hideFields });
        return json({ intent, result: reply }, { status: 429, headers: { "retry-after": String(outcome.retryAfterSeconds) } });
      }
    } catch (error) {
      if (!(error instanceof own.accounts.PasswordFormError)) throw error;
      const reply = submission.reply({ fieldErrors: { [error.field || "password"]: [error.message] }, hideFields });
      return json({ intent, result: reply }, { status: 400 });
    }
    return redirectWithSuccess("/profile", PASSWORD_RESET_MESSAGES.changed);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request, "/profile");
    throw error;
  }
}

export default function Profile() {
  const { book, passwords, yourData } = useLoaderData<typeof loader>();
  const user = useRootData()?.user ?? null;
  const { t } = useT();
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 sm:px-6">
      <div className="text-center">
        <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{t("profile.myProfile")}</p>
        {user || book ? (
          <>
            <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">{book?.name ? t("profile.helloName", { name: book.name }) : t("profile.hello")}</h1>
            <p className="mt-4 text-gray-700">
              {book ? t("profile.addressesBelow") : null}
              {t("profile.ordersUnder")}
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-4">
              <Link to="/orders" className={primary}>
                {t("profile.myOrders")}
              </Link>
              <Link to="/collection" className={secondary}>
                {t("profile.browseWatches")}
              </Link>
              <Form method="post" action="/logout">
                <button type="submit" className={secondary}>
                  {t("profile.logout")}
                </button>
              </Form>
            </div>
          </>
        ) : (
          <>
            <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">{t("profile.loggedOutHeading")}</h1>
            <p className="mt-4 text-gray-700">{t("profile.loggedOutText")}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-4">
              <Link to="/login" className={primary}>
                {t("profile.logInSignUp")}
              </Link>
              <Link to="/collection" className={secondary}>
                {t("profile.browseWatches")}
              </Link>
            </div>
          </>
        )}
      </div>
      {book ? <AddressBook book={book} /> : null}
      {passwords ? <PasswordSection /> : null}
      {yourData ? <div dangerouslySetInnerHTML={{ __html: yourData }} /> : null}
    </section>
  );
}

type Book = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["book"]>;

/** The saved addresses and the form that adds one or edits the one of `?edit=`. */
function AddressBook({ book }: { book: Book }) {
  const actionData = useActionData<typeof action>() as AddressFormAnswer | undefined;
  const navigation = useNavigation();
  const editing = book.editingId === null ? null : (book.addresses.find((saved) => saved.id === book.editingId) ?? null);
  // The server's answer belongs to the form on show: the add form, or the address being edited.
  const answer = actionData && (editing ? actionData.intent === "edit" && actionData.addressId === String(editing.id) : actionData.intent === "add") ? actionData : null;
  const full = !editing && book.addresses.length >= book.max;
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === (editing ? "edit" : "add");
  const { t } = useT();
  const phrase = usePhrase();
  const formTitle = editing ? t("profile.editAddress") : t("profile.addAddress");
  return (
    <div className="mt-14">
      <h2 className="font-serif text-2xl text-gray-900">{t("profile.deliveryAddresses")}</h2>
      {book.addresses.length === 0 ? (
        <p className="mt-3 text-gray-700">{t("profile.noAddresses")}</p>
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-700">{t("profile.checkoutOffers")}</p>
          <ul className="mt-4 flex flex-col gap-4" aria-label={t("profile.savedAddresses")}>
            {book.addresses.map((saved) => (
              <SavedAddressBlock key={saved.id} id={saved.id} address={saved.address} isDefault={saved.isDefault} />
            ))}
          </ul>
        </>
      )}
      <div id="address-form" className="mt-10 scroll-mt-24">
        <h2 className="font-serif text-xl text-gray-900">{formTitle}</h2>
        {full ? (
          <p className="mt-3 text-gray-700">{t("profile.addressesFull", { count: book.max })}</p>
        ) : (
          <Form
            // A fresh form after a save (the list of addresses changed, or the edit ended); not after
            // a refused post, whose fields already hold what the shopper typed: keyed on the location,
            // the form re-mounted when the revalidation after a refusal landed, up to seconds after the
            // error was shown, and wiped what the shopper had typed since.
            key={`${editing?.id ?? "new"}-${book.addresses.map((saved) => `${saved.id}:${saved.isDefault}`).join(",")}`}
            method="post"
            action={editing ? `/profile?edit=${editing.id}` : "/profile"}
            className="mt-4 flex flex-col gap-4"
            aria-label={formTitle}
          >
            <input type="hidden" name="intent" value={editing ? "edit" : "add"} />
            {editing ? <input type="hidden" name="addressId" value={editing.id} /> : null}
            {answer?.formError ? (
              <p role="alert" className="rounded border border-red-300 bg-red-50 px-4 py-2 text-sm text-red-800" data-testid="address-form-error">
                {phrase(answer.formError)}
              </p>
            ) : null}
            {answer && Object.keys(answer.errors).length > 0 ? (
              <p role="alert" className="text-sm text-red-700">
                {t("profile.checkFields")}
              </p>
            ) : null}
            <PlainAddressFields
              idPrefix="address"
              values={answer?.values ?? editing?.address ?? { email: book.email, country: "India" }}
              errors={answer?.errors ?? {}}
            />
            <div className="flex flex-wrap gap-4">
              <button type="submit" className={primary} disabled={saving}>
                {editing ? t("profile.saveChanges") : t("profile.saveAddress")}
              </button>
              {editing ? (
                <Link to="/profile" className={secondary}>
                  {t("profile.cancel")}
                </Link>
              ) : null}
            </div>
          </Form>
        )}
      </div>
    </div>
  );
}

const passwordInputClass = "w-full border border-gray-800 px-3 py-2 aria-[invalid=true]:border-red-600";

/** What the action answers for a refused Change password form: conform's reply, its errors by field. */
type ChangePasswordAnswer = { intent?: string; result?: { error?: Record<string, string[] | null> | null } };

/**
 * /profile's password controls (issue 24 item 1; docs/decisions/0700): Change password (the
 * current one, the new one twice; `intent=change-password`) and Sign out everywhere
 * (`intent=sign-out-everywhere`: every session of the account, this one too). Plain POST forms
 * whose errors come from the server, field by field, with JavaScript or without: the page's
 * browser code stays within its 100 KB (the sign-up rules' zod-free copy is not loaded here; the
 * native length attributes still speak before the post).
 */
function PasswordSection() {
  const { t } = useT();
  const phrase = usePhrase();
  const answer = useActionData() as ChangePasswordAnswer | undefined;
  const errors = answer?.intent === "change-password" ? (answer.result?.error ?? {}) : {};
  const field = (name: string, label: string, autoComplete: string, hint?: string) => {
    const id = `change-password-${name}`;
    const error = errors[name]?.[0];
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm text-gray-700">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-gray-600">
            {hint}
          </p>
        ) : null}
        <input
          id={id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          minLength={name === "currentPassword" ? undefined : PASSWORD_MIN}
          maxLength={PASSWORD_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={passwordInputClass}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-700">
            {phrase(error)}
          </p>
        ) : null}
      </div>
    );
  };
  const change = t("profile.changePassword");
  const signOut = t("profile.signOutEverywhere");
  return (
    <div className="mt-14">
      <Form method="post" action="/profile" className="flex flex-col gap-4" aria-label={change}>
        <h2 className="font-serif text-2xl text-gray-900">{change}</h2>
        <input type="hidden" name="intent" value="change-password" />
        {field("currentPassword", t("profile.currentPassword"), "current-password")}
        {field("password", t("profile.newPassword"), "new-password", t("profile.newPasswordHint", { min: PASSWORD_MIN }))}
        {field("confirm", t("profile.newPasswordAgain"), "new-password")}
        <button type="submit" className={`self-start ${primary}`}>
          {change}
        </button>
      </Form>
      <Form method="post" action="/profile" className="mt-10 flex flex-col gap-3" aria-label={signOut}>
        <h2 className="font-serif text-2xl text-gray-900">{signOut}</h2>
        <p className="text-sm text-gray-700">{t("profile.signOutEverywhereText")}</p>
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className={`self-start ${secondary}`}>
          {signOut}
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "My Profile"} | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
