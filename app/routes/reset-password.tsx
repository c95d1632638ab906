import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { getBackend } from "~/backend/index.server";
import { AccountField, FormAlert, accountInputClass } from "~/components/account/AccountField";
import { useFormRules } from "~/components/forms/useFormRules";
import { PASSWORD_MIN } from "~/schemas/account-rules";
import { PASSWORD_RESET_MESSAGES, RESET_PASSWORD_FORM_RULES } from "~/schemas/password-reset-rules";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseResetPasswordForm } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { commitLogin } from "~/utils/session.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/** The link's token stays out of other sites' logs: no Referer leaves this page. */
const headers = { "cache-control": "private, no-store", "referrer-policy": "no-referrer" };

/**
 * /reset-password?token=… (issue 24 item 1; DESIGN.md §22): the new password twice while the
 * link works; otherwise the plain reason (used, expired, replaced by a newer link, or unknown)
 * and a way to ask for a new link. Reading the page changes nothing. /hi/reset-password is all
 * Hindi (issue 27): the `profile` messages and the `account` phrasebook group.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const language = languageOfPath(url.pathname);
  const words = { messages: messagesFor(language, ["profile"]), phrases: phrasesFor(language, ["account"]), title: translate(language, "profile.resetTitle") };
  const { own, capabilities } = getBackend();
  if (!capabilities.passwordReset || !own) {
    return json({ token: null, email: null, problem: PASSWORD_RESET_MESSAGES.unavailable, ...words }, { headers });
  }
  const token = url.searchParams.get("token") ?? "";
  const link = await own.accounts.checkResetLink(token);
  if (link.state !== "valid") return json({ token: null, email: null, problem: own.accounts.resetLinkMessage(link.state), ...words }, { headers });
  return json({ token, email: link.email, problem: null, ...words }, { headers });
}

/**
 * Sets the new password (sign-up's rules, typed twice), uses the link up, signs the account out
 * everywhere else and signs this browser in: 303 to /profile with a toast and the session cookie.
 * 400 with each field's sentence; 410 with the plain reason when the link no longer works.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.passwordReset || !own) throw new Response(PASSWORD_RESET_MESSAGES.unavailable, { status: 404 });
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseResetPasswordForm(formData);
  const hideFields = ["password", "confirm"];
  if (submission.status !== "success") {
    if (submission.error?.token) return json({ result: null, problem: PASSWORD_RESET_MESSAGES.linkUnknown }, { status: 410, headers });
    return json({ result: submission.reply({ hideFields }), problem: null }, { status: 400, headers });
  }
  try {
    const grant = await own.accounts.resetPassword(submission.value);
    return redirectWithSuccess("/profile", PASSWORD_RESET_MESSAGES.resetDone, {
      headers: { "Set-Cookie": await commitLogin(request, grant.token) },
    });
  } catch (error) {
    if (!(error instanceof own.accounts.PasswordFormError)) throw error;
    if (error.field === "token") return json({ result: null, problem: error.message }, { status: 410, headers });
    const field = error.field || "password";
    return json({ result: submission.reply({ fieldErrors: { [field]: [error.message] }, hideFields }), problem: null }, { status: 400, headers });
  }
}

export default function ResetPassword() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const problem = actionData?.problem ?? data.problem;
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <div className="mx-auto mb-20 mt-14 flex w-[90%] flex-col items-center gap-4 text-gray-800 sm:max-w-96">
      <div className="mb-2 mt-10 inline-flex items-center gap-2">
        <h1 className="font-serif text-3xl">{t("profile.resetTitle")}</h1>
        <hr className="h-[1.5px] w-8 border-none bg-gray-800" />
      </div>
      {problem || !data.token ? (
        <>
          <FormAlert>{phrase(problem ?? PASSWORD_RESET_MESSAGES.linkUnknown)}</FormAlert>
          <Link to="/forgot-password" className="bg-black px-8 py-2 font-light text-white hover:bg-gray-800">
            {t("profile.askNewLink")}
          </Link>
        </>
      ) : (
        <NewPasswordForm token={data.token} email={data.email ?? ""} lastResult={actionData?.result} />
      )}
    </div>
  );
}

function NewPasswordForm({ token, email, lastResult }: { token: string; email: string; lastResult: Parameters<typeof useFormRules>[0]["lastResult"] }) {
  const navigation = useNavigation();
  // Checked when sent, not as a field loses focus: an error that clears on blur moved the button
  // from under the pointer between press and release, and the click was lost.
  const { form, field } = useFormRules({ id: "reset-password", rules: RESET_PASSWORD_FORM_RULES, lastResult, shouldValidate: "onSubmit" });
  const password = field("password", "reset-password-password-hint");
  const confirm = field("confirm");
  const { t } = useT();
  const phrase = usePhrase();
  return (
    // Posted to the link's own address, so a refused form shows again with the link's state.
    <Form method="post" action={`/reset-password?token=${encodeURIComponent(token)}`} className="flex w-full flex-col gap-4" {...form.props}>
      <p className="text-sm text-gray-700">
        {t("profile.forAccount")}
        <strong>{email}</strong>
        {t("profile.forAccountAfter")}
      </p>
      {form.errors?.[0] ? <FormAlert id={form.errorId}>{phrase(form.errors[0])}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <AccountField
        label={t("profile.newPassword")}
        errorId={password.errorId}
        error={password.errors?.[0]}
        hint={t("profile.passwordHint", { min: PASSWORD_MIN })}
        hintId="reset-password-password-hint"
      >
        <input {...password.props} key={password.key} type="password" autoComplete="new-password" className={accountInputClass} />
      </AccountField>
      <AccountField label={t("profile.newPasswordAgain")} errorId={confirm.errorId} error={confirm.errors?.[0]}>
        <input {...confirm.props} key={confirm.key} type="password" autoComplete="new-password" className={accountInputClass} />
      </AccountField>
      <button
        type="submit"
        disabled={navigation.state === "submitting"}
        className="mx-auto mt-2 bg-black px-8 py-2 font-light text-white hover:bg-gray-800 disabled:opacity-70"
      >
        {t("profile.saveNewPassword")}
      </button>
    </Form>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Choose a new password"} — Chrono India` },
  { name: "robots", content: "noindex" },
];
