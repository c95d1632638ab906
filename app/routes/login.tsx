import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { getBackend } from "~/backend/index.server";
import { BackendError } from "~/backend/types";
import { useFormRules } from "~/components/forms/useFormRules";
import { showToast } from "~/components/toast";
import { Separator } from "~/components/ui/Separator";
import { LOGIN_FORM_RULES, PASSWORD_MIN, SIGNUP_FORM_RULES } from "~/schemas/account-rules";
import type { FormRules } from "~/schemas/field-rules";
import { readFormData, throwBodyError } from "~/http/body.server";
import { isPasswordMessage, parseAuthForm } from "~/utils/forms.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { guardLogin, guardSignUp, rateLimitMessage } from "~/utils/rate-limit.server";
import { loginPath, safeRedirect } from "~/utils/safe-redirect";
import { languageAfterSignIn } from "~/utils/account-language.server";
import { commitLogin, getSessionToken } from "~/utils/session.server";

type Mode = "login" | "signup";

/** The form mode lives in the URL (`?mode=signup`), so the toggle is a plain link (SPEC.md §2). */
function modeOf(url: URL): Mode {
  return url.searchParams.get("mode") === "signup" ? "signup" : "login";
}

/**
 * /login (SPEC.md §2, §4): a logged-in shopper is sent to / (SPEC.md §4); everyone else gets the
 * Login or Sign Up form, with the safe page to return to afterwards.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await getSessionToken(request);
  if (token && (await sessionAccepted(token))) throw redirect("/", 303);
  const url = new URL(request.url);
  // The form's words and its rules' sentences in the page's language (issue 27; docs/decisions/0890).
  const language = languageOfPath(url.pathname);
  const mode = modeOf(url);
  return json({
    mode,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo")),
    messages: messagesFor(language, ["account"]),
    phrases: phrasesFor(language, ["account"]),
    title: `${translate(language, mode === "signup" ? "account.signUp" : "account.login")} — Chrono India`,
  });
}

/** A refused token (401) means logged out; the root loader clears its cookie. */
async function sessionAccepted(token: string): Promise<boolean> {
  try {
    await getBackend().getCart(token);
    return true;
  } catch (error) {
    return !(error instanceof BackendError && error.status === 401);
  }
}

/** Name of the sign-up honeypot: hidden from people, filled in by form-stuffing bots. */
const HONEYPOT_FIELD = "website";
/** A sign-up refused for a filled honeypot (its Hindi: the phrasebook's account group). */
const SIGNUP_REFUSED = "We could not create your account. Please try again.";

/**
 * Logs in or signs up (mode from the URL), then redirects (303) to the safe `redirectTo` or /
 * with the session cookie set. Failures re-render the form with the message and a 4xx:
 * 400 field errors (a common password among them) or a filled honeypot, 401 'Invalid email or
 * password.', 409 email taken, 429 with Retry-After while the account (after repeated failed
 * logins) or, behind a trusted proxy, the client address is locked (issue 8 item 12).
 */
export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const url = new URL(request.url);
  const mode = modeOf(url);
  // Where to go afterwards, worked out before anything is written (issue 43 item 4): the parser
  // never throws, so a written account or session is always answered with its 303.
  const back = safeRedirect(url.searchParams.get("redirectTo"));
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseAuthForm(formData, mode);
  const hideFields = ["password"];

  if (mode === "signup" && String(formData.get(HONEYPOT_FIELD) ?? "") !== "") {
    return json({ result: submission.reply({ formErrors: [SIGNUP_REFUSED], hideFields }) }, { status: 400 });
  }
  if (submission.status !== "success") {
    return json({ result: submission.reply({ hideFields }) }, { status: 400 });
  }

  const value = submission.value;
  const refuse = (retryAfterSeconds: number) =>
    json(
      { result: submission.reply({ formErrors: [rateLimitMessage(retryAfterSeconds)], hideFields }) },
      { status: 429, headers: { "retry-after": String(retryAfterSeconds) } },
    );

  try {
    const backend = getBackend();
    let token: string;
    if (mode === "signup" && "name" in value && typeof value.name === "string") {
      const limit = await guardSignUp(request);
      if (!limit.ok) return refuse(limit.retryAfterSeconds);
      ({ token } = await backend.register({ name: value.name, email: value.email, password: value.password }));
    } else {
      const outcome = await guardLogin(request, value.email, () => backend.login({ email: value.email, password: value.password }));
      if (!outcome.ok) return refuse(outcome.retryAfterSeconds);
      ({ token } = outcome.value);
    }
    const headers = new Headers({ "Set-Cookie": await commitLogin(request, token) });
    // Issue 27 (docs/decisions/0900): the account's language — kept on a Hindi sign-up, brought back as the cookie at login.
    await languageAfterSignIn(request, token, mode === "signup", headers);
    return redirect(back, { status: 303, headers });
  } catch (error) {
    if (!(error instanceof BackendError)) throw error;
    // The backend's password rules (the common-password list) belong beside the password field.
    const reply = isPasswordMessage(error.message)
      ? submission.reply({ fieldErrors: { password: [error.message] }, hideFields })
      : submission.reply({ formErrors: [error.message], hideFields });
    return json({ result: reply }, { status: error.status >= 500 ? 503 : error.status });
  }
}

export default function LoginPage() {
  const { mode, redirectTo } = useLoaderData<typeof loader>();
  // A fresh form per mode: switching clears errors and values.
  return <AuthForm key={mode} mode={mode} redirectTo={redirectTo} />;
}

function AuthForm({ mode, redirectTo }: { mode: Mode; redirectTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const signup = mode === "signup";
  // The form's rules in the browser, message for message the server's zod schema (no conform
  // here: it does not fit in the page's 100 KB; docs/decisions/0530).
  const rules: FormRules = signup ? SIGNUP_FORM_RULES : LOGIN_FORM_RULES;
  const { form, field } = useFormRules({
    id: `auth-${mode}`,
    rules,
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
  });
  const name = field("name");
  const email = field("email");
  const password = field("password", signup ? `auth-${mode}-password-hint` : undefined);

  // SPEC.md §8: the server's message for a failed login or sign-up is also a toast (with JavaScript).
  // Any refused submission clears the password, as the server-rendered form (no JavaScript) does.
  const { t } = useT();
  const phrase = usePhrase();
  const formError = phrase(form.errors?.[0]);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const errors = actionData?.result?.error;
    if (!errors || Object.keys(errors).length === 0) return;
    const message = errors[""]?.[0];
    if (message) showToast(phrase(message), "error");
    if (passwordRef.current) passwordRef.current.value = "";
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a toast per answer, not per render's phrasebook
  }, [actionData]);

  // Show password (issue 8 item 14): with JavaScript only; hidden again whenever the form is sent,
  // so the browser never stores the password as plain form text.
  const hydrated = useHydrated();
  const [passwordShown, setPasswordShown] = useState(false);

  const title = signup ? t("account.signUp") : t("account.login");
  return (
    <div className="mx-auto mb-20 mt-14 flex w-[90%] flex-col items-center gap-4 text-gray-800 sm:max-w-96">
      <div className="mb-2 mt-10 inline-flex items-center gap-2">
        <h1 className="font-serif text-3xl">{title}</h1>
        <hr className="h-[1.5px] w-8 border-none bg-gray-800" />
      </div>

      <Form
        method="post"
        action={loginPath(redirectTo, mode)}
        className="flex w-full flex-col gap-4"
        {...form.props}
        // Sending the form hides the password again (never kept as plain form text).
        onSubmit={(event) => {
          setPasswordShown(false);
          form.props.onSubmit(event);
        }}
      >
        {formError ? (
          <p id={form.errorId} role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
            {formError}
          </p>
        ) : null}

        {signup ? (
          <Field label={t("account.name")} errorId={name.errorId} error={name.errors?.[0]}>
            <input {...name.props} key={name.key} type="text" autoComplete="name" placeholder={t("account.name")} className={inputClass} />
          </Field>
        ) : null}

        <Field label={t("account.email")} errorId={email.errorId} error={email.errors?.[0]}>
          <input
            {...email.props}
            key={email.key}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("account.email")}
            className={inputClass}
          />
        </Field>

        <Field
          label={t("account.password")}
          errorId={password.errorId}
          error={password.errors?.[0]}
          hint={signup ? t("account.passwordHint", { min: PASSWORD_MIN }) : undefined}
          hintId={`${password.id}-hint`}
          after={hydrated ? <ShowPasswordToggle shown={passwordShown} controls={password.id} onToggle={setPasswordShown} /> : null}
        >
          <input
            {...password.props}
            type={passwordShown ? "text" : "password"}
            key={password.key}
            ref={passwordRef}
            autoComplete={signup ? "new-password" : "current-password"}
            placeholder={t("account.password")}
            className={inputClass}
          />
        </Field>

        <div className="-mt-2 flex w-full justify-between text-sm">
          {/* SPEC.md §1 gave 'Forgot your password?' no behaviour; issue 24 item 1 gives it the
              emailed reset link (docs/decisions/0700). */}
          <Link to="/forgot-password" className="text-gray-800 underline-offset-2 hover:underline">
            {t("account.forgotPassword")}
          </Link>
          <Separator />
          {signup ? (
            <Link to={loginPath(redirectTo, "login")} className="text-gray-800 underline-offset-2 hover:underline">
              {t("account.loginHere")}
            </Link>
          ) : (
            <Link to={loginPath(redirectTo, "signup")} className="text-gray-800 underline-offset-2 hover:underline">
              {t("account.createAccount")}
            </Link>
          )}
        </div>

        <button
          type="submit"
          disabled={submitting}
          className="mx-auto mt-4 bg-black px-8 py-2 font-light text-white hover:bg-gray-800 disabled:opacity-70"
        >
          {signup ? t("account.signUp") : t("account.signIn")}
        </button>

        {signup ? (
          // Honeypot (issue 9 item 2): `hidden` (display: none: no screen reader announces it, no
          // pointer or Tab reaches it), aria-hidden, off-screen, and no label, yet still submitted;
          // bots that fill every field give themselves away. Text browsers show every input, so it
          // comes last, after the button, one character wide and without words to read.
          <input
            hidden
            aria-hidden="true"
            name={HONEYPOT_FIELD}
            type="text"
            size={1}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
            className="absolute -left-[9999px] h-px w-px"
          />
        ) : null}
      </Form>
    </div>
  );
}

const inputClass =
  "w-full border border-gray-800 px-3 py-2 placeholder:text-gray-500 aria-[invalid=true]:border-red-600";

/**
 * The show-password button (issue 8 item 14): a toggle (`aria-pressed`) that controls the password
 * input; its label says what pressing it does.
 */
function ShowPasswordToggle({ shown, controls, onToggle }: { shown: boolean; controls: string; onToggle: (shown: boolean) => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      aria-pressed={shown}
      aria-controls={controls}
      onClick={() => onToggle(!shown)}
      className="self-end text-sm text-gray-700 underline underline-offset-2 hover:text-gray-900"
    >
      {shown ? t("account.hidePassword") : t("account.showPassword")}
    </button>
  );
}

function Field({
  label,
  errorId,
  error,
  hint,
  hintId,
  after,
  children,
}: {
  label: string;
  errorId: string;
  error: string | undefined;
  hint?: string;
  hintId?: string;
  after?: React.ReactNode;
  children: React.ReactElement<{ id?: string }>;
}) {
  const phrase = usePhrase();
  return (
    <div className="flex w-full flex-col gap-1">
      <label htmlFor={children.props.id} className="text-sm text-gray-700">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {children}
      {after}
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {phrase(error)}
        </p>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? `${data?.mode === "signup" ? "Sign Up" : "Login"} — Chrono India` },
  { name: "robots", content: "noindex" },
];
