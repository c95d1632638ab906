import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { storeNameOf } from "~/components/StaticPage";
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
 * form that corrects the name. Logged out: /login and back.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { personalData, account } = await requirePersonalData(request, "/profile/data");
  const data = await personalData.exportPersonalData(account.id);
  return json({ name: data.account.name, exportedAt: Date.parse(data.exportedAt), html: personalDataHtml(data) }, { headers: { "cache-control": "private, no-store" } });
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
  return (
    <section className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-xs font-semibold uppercase tracking-widest text-gray-600">My Profile</p>
      <h1 className="mt-2 font-serif text-3xl text-gray-900 sm:text-4xl">Your data</h1>
      <p className="mt-4 text-gray-700">
        Everything we keep about you, as of {formatIstDateTime(exportedAt)} IST. <a href="/profile/data.json" download className="underline">Download my data (JSON)</a>
        {" · "}
        <Link to="/profile" className="underline">
          Back to my profile
        </Link>
      </p>
      <Form method="post" className="mt-8 flex flex-col gap-2" aria-label="Correct your name">
        <input type="hidden" name="intent" value="correct-name" />
        <label htmlFor="name" className="text-sm text-gray-700">
          Your name (correct it here; addresses and phone numbers on <Link to="/profile" className="underline">your profile</Link>)
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
            {answer.error}
          </p>
        ) : null}
        <button type="submit" className={`self-start ${button}`}>
          Correct my name
        </button>
      </Form>
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="mt-10 text-sm text-gray-700">
        Your email address cannot be changed here: write to us through <Link to="/grievance" className="underline">the grievance form</Link>.{" "}
        <Link to="/profile/delete" className="underline">
          Delete my account
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [{ title: `Your data | ${storeNameOf(matches)}` }, { name: "robots", content: "noindex" }];
