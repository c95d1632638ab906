import { Form, useActionData, useNavigation } from "@remix-run/react";
import { AccountField, FormAlert, accountInputClass } from "~/components/account/AccountField";
import { useFormRules, type FormReply } from "~/components/forms/useFormRules";
import { CHANGE_PASSWORD_FORM_RULES, PASSWORD_MIN } from "~/schemas/account-rules";

const primary = "rounded bg-black px-6 py-3 text-sm font-medium text-white hover:bg-gray-800 disabled:opacity-70";
const secondary = "rounded border border-gray-900 px-6 py-3 text-sm font-medium text-gray-900 hover:bg-gray-100";

/**
 * /profile's password controls (issue 24 item 1; docs/decisions/0700): Change password (the
 * current one, the new one twice; plain POST, `intent=change-password`) and Sign out everywhere
 * (`intent=sign-out-everywhere`: every session of the account, this one too).
 */
export function PasswordSection() {
  const actionData = useActionData() as { intent?: string; result?: FormReply } | undefined;
  const lastResult = actionData?.intent === "change-password" ? actionData.result : undefined;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "change-password";
  // Checked when sent, not as a field loses focus: an error that clears on blur moved the button
  // from under the pointer between press and release, and the click was lost.
  const { form, field } = useFormRules({ id: "change-password", rules: CHANGE_PASSWORD_FORM_RULES, lastResult, shouldValidate: "onSubmit" });
  const current = field("currentPassword");
  const password = field("password", "change-password-password-hint");
  const confirm = field("confirm");
  return (
    <div className="mt-14">
      <h2 className="font-serif text-2xl text-gray-900">Password and devices</h2>
      <Form method="post" action="/profile" className="mt-4 flex flex-col gap-4" aria-label="Change password" {...form.props}>
        <h3 className="font-serif text-xl text-gray-900">Change password</h3>
        <input type="hidden" name="intent" value="change-password" />
        {form.errors?.[0] ? <FormAlert id={form.errorId}>{form.errors[0]}</FormAlert> : null}
        <AccountField label="Current password" errorId={current.errorId} error={current.errors?.[0]}>
          <input {...current.props} key={current.key} type="password" autoComplete="current-password" className={accountInputClass} />
        </AccountField>
        <AccountField
          label="New password"
          errorId={password.errorId}
          error={password.errors?.[0]}
          hint={`At least ${PASSWORD_MIN} characters. Your other devices will be signed out.`}
          hintId="change-password-password-hint"
        >
          <input {...password.props} key={password.key} type="password" autoComplete="new-password" className={accountInputClass} />
        </AccountField>
        <AccountField label="New password again" errorId={confirm.errorId} error={confirm.errors?.[0]}>
          <input {...confirm.props} key={confirm.key} type="password" autoComplete="new-password" className={accountInputClass} />
        </AccountField>
        <div>
          <button type="submit" className={primary} disabled={saving}>
            Change password
          </button>
        </div>
      </Form>
      <Form method="post" action="/profile" className="mt-10 flex flex-col gap-3" aria-label="Sign out everywhere">
        <h3 className="font-serif text-xl text-gray-900">Sign out everywhere</h3>
        <p className="text-sm text-gray-700">
          Signs your account out on every phone, tablet and computer, this one too. You can log in again with your password.
        </p>
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <div>
          <button type="submit" className={secondary}>
            Sign out everywhere
          </button>
        </div>
      </Form>
    </div>
  );
}
