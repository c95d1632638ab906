import { usePhrase } from "~/i18n/use-phrase";

/**
 * A labelled field of the account forms (forgot and reset password, change password): the label,
 * an optional hint, the input, and its error below it (ids from `useFormRules`), the error in the
 * page's language (`phrase`: the phrasebook groups the page's loader sent; issue 27).
 */
export function AccountField({
  label,
  errorId,
  error,
  hint,
  hintId,
  children,
}: {
  label: string;
  errorId: string;
  error: string | undefined;
  hint?: string;
  hintId?: string;
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
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {phrase(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The account forms' input style (the login page's). */
export const accountInputClass =
  "w-full border border-gray-800 px-3 py-2 placeholder:text-gray-500 aria-[invalid=true]:border-red-600";

/** A form-wide message: an alert box (the caller words it in the page's language). */
export function FormAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  );
}
