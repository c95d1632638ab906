import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { storeNameOf } from "~/utils/root-data";
import { readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { requireSameOrigin } from "~/utils/origin.server";
import { deletionWords, parseDeleteForm, requirePersonalData } from "~/utils/personal-data.server";
import { guardLogin, rateLimitMessage } from "~/utils/rate-limit.server";
import { commitLogout } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /profile/delete (issue 25 item 4; DESIGN.md §23; DPDP Act 2023; docs/decisions/0770): before
 * confirming, what deleting the account erases, what it keeps and why (GST law's 72 months); the
 * current password; a plain submit. While an order is not finished the page says so and offers no
 * form. Logged out: /login and back. /hi/profile/delete speaks Hindi (issue 27): the `profile`
 * messages, and the phrasebook's `account` and `profile` groups for the erased and kept lines, the
 * reason and the form's sentences.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { personalData, account } = await requirePersonalData(request, "/profile/delete");
  const openOrders = await personalData.openOrderCount(account.id);
  const language = languageOfPath(new URL(request.url).pathname);
  return json(
    {
      email: account.email,
      blocked: openOrders > 0 ? PERSONAL_DATA_MESSAGES.openOrder : null,
      ...deletionWords(),
      messages: messagesFor(language, ["profile"]),
      phrases: phrasesFor(language, ["account", "profile"]),
      title: translate(language, "profile.deleteAccount"),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Deletes the signed-in shopper's account (services/personal-data.server.ts `deleteAccount`)
 * after checking the current password; a wrong one counts as a failed login (the login limits
 * apply: 429 when locked). Success: signed out (cookie cleared), 303 to the home page with
 * "Your account is deleted. …". A missing or wrong password 400, an unfinished order 409 — each
 * with its sentence, nothing erased. Same-origin posts only.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const { personalData, account } = await requirePersonalData(request, "/profile/delete");
  const form = parseDeleteForm(formData);
  if (!form.ok) return json({ error: form.error }, { status: 400 });
  try {
    const outcome = await guardLogin(request, account.email, () => personalData.deleteAccount(account.id, { by: "shopper", password: form.password }));
    if (!outcome.ok) return json({ error: rateLimitMessage(outcome.retryAfterSeconds) }, { status: 429, headers: { "retry-after": String(outcome.retryAfterSeconds) } });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    if (error.status === 401) return json({ error: error.message }, { status: 400 });
    if (error.status === 409 || error.status === 410) return json({ error: error.message }, { status: error.status });
    throw error;
  }
  return redirectWithSuccess("/", PERSONAL_DATA_MESSAGES.deleted, { headers: { "Set-Cookie": await commitLogout(request) } });
}

export default function DeleteAccount() {
  const { email, blocked, erased, kept, reason } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{t("profile.myProfile")}</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">{t("profile.deleteAccount")}</h1>
      <p className="mt-4 text-gray-700">{t("profile.deleteIntro", { email })}</p>
      <h2 className="mt-8 font-serif text-xl text-gray-900">{t("profile.whatErased")}</h2>
      <ul className="mt-3 list-disc pl-5 text-gray-700">
        {erased.map((line) => (
          <li key={line}>{phrase(line)}</li>
        ))}
      </ul>
      <h2 className="mt-8 font-serif text-xl text-gray-900">{t("profile.whatKept")}</h2>
      <ul className="mt-3 list-disc pl-5 text-gray-700">
        {kept.map((line) => (
          <li key={line}>{phrase(line)}</li>
        ))}
      </ul>
      <p className="mt-3 text-gray-700">{phrase(reason)}</p>
      <p className="mt-3 text-gray-700">
        {t("profile.copyFirst")}
        <a href="/profile/data.json" download className="underline">
          {t("profile.downloadData")}
        </a>
        {t("profile.copyAfter")}
      </p>
      {blocked ? (
        <p role="alert" className="mt-8 rounded border border-amber-300 bg-amber-50 px-4 py-2 text-amber-900">
          {phrase(blocked)}{" "}
          <Link to="/orders" className="underline">
            {t("profile.myOrders")}
          </Link>
        </p>
      ) : (
        <form method="post" className="mt-8 flex flex-col gap-2" aria-label={t("profile.deleteAccount")}>
          <label htmlFor="delete-password" className="text-sm text-gray-700">
            {t("profile.yourCurrentPassword")}
          </label>
          <input
            id="delete-password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            aria-invalid={answer?.error ? true : undefined}
            aria-describedby={answer?.error ? "delete-error" : undefined}
            className="w-full max-w-md border border-gray-800 px-3 py-2"
          />
          {answer?.error ? (
            <p id="delete-error" role="alert" className="text-sm text-red-700">
              {phrase(answer.error)}
            </p>
          ) : null}
          <div className="mt-2 flex flex-wrap gap-4">
            <button type="submit" className="rounded bg-red-800 px-6 py-3 text-sm font-medium text-white hover:bg-red-900">
              {t("profile.deleteAccount")}
            </button>
            <Link to="/profile" className="rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100">
              {t("profile.keepAccount")}
            </Link>
          </div>
        </form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "Delete my account"} | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
