import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate, translatePhrase } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { storeNameOf } from "~/utils/root-data";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { requireSameOrigin } from "~/utils/origin.server";
import { parseDataForm, personalDataHtml, requirePersonalData } from "~/utils/personal-data.server";
import { redirectWithError, redirectWithSuccess } from "~/utils/toast.server";

const button = "rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800";

/**
 * /profile/data (issue 25 item 4; DESIGN.md §23; docs/decisions/0770): everything the store keeps
 * about the signed-in shopper, readable — account, addresses, orders, reviews, wishlist,
 * consents, complaints — as HTML made by the server (utils/personal-data.server.ts), with the
 * form that corrects the name. Logged out: /login and back. /hi/profile/data speaks Hindi (issue
 * 27): the `profile` messages, and the `account` and `profile` phrasebook groups for the name's
 * errors.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { personalData, account } = await requirePersonalData(request, "/profile/data");
  const data = await personalData.exportPersonalData(account.id);
  const language = languageOfPath(new URL(request.url).pathname);
  // The view's own words through the phrasebook (its `profile` group); the data as stored.
  return json(
    {
      name: data.account.name,
      exportedAt: Date.parse(data.exportedAt),
      html: personalDataHtml(data, (text) => translatePhrase(language, text)),
      messages: messagesFor(language, ["profile"]),
      phrases: phrasesFor(language, ["account", "profile"]),
      title: translate(language, "profile.yourData"),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * The personal-data forms (one `intent`): `correct-name` (the name by sign-up's rule: 303 back
 * here with a toast, or 400 with the rule's sentence and the name as typed) and `withdraw-consent`
 * (/profile's button: the newsletter unsubscribe for the account's email; 303 to /profile with a
 * toast). Same-origin posts of the signed-in shopper only; anything else 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const { personalData, account } = await requirePersonalData(request, "/profile/data");
  const form = parseDataForm(formData);
  if (!form) throw new Response("This form can't be handled here.", { status: 400, statusText: "Bad Request" });
  if (form.intent === "withdraw-consent") {
    const withdrawn = await personalData.withdrawMarketingConsent(account.id);
    return withdrawn ? redirectWithSuccess("/profile", PERSONAL_DATA_MESSAGES.withdrawn) : redirectWithError("/profile", PERSONAL_DATA_MESSAGES.nothingToWithdraw);
  }
  try {
    await personalData.correctName(account.id, form.name);
    return redirectWithSuccess("/profile/data", PERSONAL_DATA_MESSAGES.nameChanged);
  } catch (error) {
    if (error instanceof BackendError && error.status === 400) return json({ error: error.message, name: form.name.slice(0, 200) }, { status: 400 });
    throw error;
  }
}

export default function YourData() {
  const { name, exportedAt, html } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">{t("profile.myProfile")}</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">{t("profile.yourData")}</h1>
      <p className="mt-4 text-gray-700">
        {t("profile.dataIntro", { when: formatIstDateTime(exportedAt) })}{" "}
        <a href="/profile/data.json" download className="underline">
          {t("profile.downloadData")}
        </a>
        {" · "}
        <Link to="/profile" className="underline">
          {t("profile.backToProfile")}
        </Link>
      </p>
      <Form method="post" className="mt-8 flex flex-col gap-2" aria-label={t("profile.correctNameForm")}>
        <input type="hidden" name="intent" value="correct-name" />
        <label htmlFor="name" className="text-sm text-gray-700">
          {t("profile.nameLabelBefore")}
          <Link to="/profile" className="underline">
            {t("profile.nameLabelLink")}
          </Link>
          {t("profile.nameLabelAfter")}
        </label>
        <input
          id="name"
          name="name"
          required
          maxLength={100}
          autoComplete="name"
          defaultValue={answer?.name ?? name}
          aria-invalid={answer?.error ? true : undefined}
          aria-describedby={answer?.error ? "name-error" : undefined}
          className="w-full max-w-md border border-gray-800 px-3 py-2"
        />
        {answer?.error ? (
          <p id="name-error" className="text-sm text-red-700">
            {phrase(answer.error)}
          </p>
        ) : null}
        <button type="submit" className={`self-start ${button}`}>
          {t("profile.correctName")}
        </button>
      </Form>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-10 text-sm text-gray-700">
        {t("profile.emailFixedBefore")}
        <Link to="/grievance" className="underline">
          {t("profile.grievanceForm")}
        </Link>
        {t("profile.emailFixedAfter")}{" "}
        <Link to="/profile/delete" className="underline">
          {t("profile.deleteAccount")}
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: `${data?.title ?? "Your data"} | ${storeNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];
