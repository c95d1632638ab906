import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { getBackend } from "~/backend/index.server";
import { AccountField, FormAlert, accountInputClass } from "~/components/account/AccountField";
import { useFormRules } from "~/components/forms/useFormRules";
import { FORGOT_PASSWORD_FORM_RULES, PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseForgotPasswordForm } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { strangerMailAllowed } from "~/utils/stranger-mail.server";
import { log } from "~/observability/log.server";

/**
 * /forgot-password (issue 24 item 1; DESIGN.md §22): the email field, and after a request the one
 * neutral sentence (`?sent=1`). A store whose accounts live on another server
 * (`capabilities.passwordReset` false) says to write to us instead. /hi/forgot-password is all
 * Hindi (issue 27): the `profile` messages and the `account` phrasebook group.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const sent = url.searchParams.get("sent") === "1";
  const language = languageOfPath(url.pathname);
  return json(
    {
      available: getBackend().capabilities.passwordReset,
      sent,
      messages: messagesFor(language, ["profile"]),
      phrases: phrasesFor(language, ["account"]),
      title: translate(language, "profile.forgotTitle"),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Sends a reset link (through the outbox, to the account's own address) when an account uses the
 * email — in the background, after the answer — and answers the same 303 to `?sent=1` whether or
 * not one does, and whether or not the stranger-mail gate (issue 43 item 2: 3 links an hour per
 * mailbox, 10 requests an hour per client address behind TRUST_PROXY, STRANGER_MAIL_PER_HOUR for
 * the store; counted whether or not an account uses the email, so the limit tells nothing) lets it
 * send — a limited request sends nothing and is logged. 400 with the field's sentence for a bad
 * email; 404 where the store cannot reset passwords.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.passwordReset || !own) throw new Response(PASSWORD_RESET_MESSAGES.unavailable, { status: 404 });
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseForgotPasswordForm(formData);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });

  const { email } = submission.value;
  if ((await strangerMailAllowed(request, "password_reset", email)).ok) {
    // Not awaited: the answer leaves before the link is stored and queued, so its timing does not
    // tell whether an account uses the email (the writes happen only when one does).
    const language = languageOfPath(new URL(request.url).pathname);
    void own.accounts.requestPasswordReset({ email, language }).catch((error: unknown) => log.error({ err: error }, "Password reset: the link could not be queued"));
  }
  // The page's own sentence is the answer (no toast saying it twice).
  return redirect("/forgot-password?sent=1", 303);
}

export default function ForgotPassword() {
  const { available, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // Checked when sent, not as a field loses focus: an error that clears on blur moved the button
  // from under the pointer between press and release, and the click was lost.
  const { form, field } = useFormRules({ id: "forgot-password", rules: FORGOT_PASSWORD_FORM_RULES, lastResult: actionData?.result, shouldValidate: "onSubmit" });
  const email = field("email");
  const submitting = navigation.state === "submitting";
  const { t } = useT();
  const phrase = usePhrase();

  return (
    <div className="mx-auto mb-20 mt-14 flex w-[90%] flex-col items-center gap-4 text-gray-800 sm:max-w-96">
      <div className="mb-2 mt-10 inline-flex items-center gap-2">
        <h1 className="font-serif text-3xl">{t("profile.forgotTitle")}</h1>
        <hr className="h-[1.5px] w-8 border-none bg-gray-800" />
      </div>
      {!available ? (
        <p className="text-gray-700">
          {phrase(PASSWORD_RESET_MESSAGES.unavailable)}{" "}
          <Link to="/contact" className="underline underline-offset-2">
            {t("profile.contactUs")}
          </Link>
        </p>
      ) : (
        <>
          {sent ? (
            <p role="status" className="rounded border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900">
              {phrase(PASSWORD_RESET_MESSAGES.linkSent)}
            </p>
          ) : (
            <p className="text-sm text-gray-700">{t("profile.forgotText")}</p>
          )}
          <Form method="post" action="/forgot-password" className="flex w-full flex-col gap-4" {...form.props}>
            {form.errors?.[0] ? <FormAlert id={form.errorId}>{phrase(form.errors[0])}</FormAlert> : null}
            <AccountField label={t("profile.email")} errorId={email.errorId} error={email.errors?.[0]}>
              <input
                {...email.props}
                key={email.key}
                type="email"
                autoComplete="email"
                inputMode="email"
                placeholder={t("profile.email")}
                className={accountInputClass}
              />
            </AccountField>
            <button
              type="submit"
              disabled={submitting}
              className="mx-auto mt-2 bg-black px-8 py-2 font-light text-white hover:bg-gray-800 disabled:opacity-70"
            >
              {sent ? t("profile.sendAnother") : t("profile.sendLink")}
            </button>
          </Form>
          <Link to="/login" className="text-sm underline-offset-2 hover:underline">
            {t("profile.backToLogin")}
          </Link>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Forgot your password?"} — Chrono India` },
  { name: "robots", content: "noindex" },
];
