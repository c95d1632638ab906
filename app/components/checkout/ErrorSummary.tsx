import { forwardRef, type MouseEvent } from "react";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";

/** One problem the summary lists: its sentence, and the id of the field it is about (if any). */
export type SummaryError = { message: string; fieldId?: string };

/** Id of the summary's heading (aria-labelledby). */
const TITLE_ID = "error-summary-title";

/**
 * The GOV.UK Design System "error summary" (issue 9 item 3): after a failed submit, a box at the
 * top of the page titled "There is a problem" listing every problem; a problem with a field links
 * to it (`href="#fieldId"`), while the field keeps its own message and aria-describedby.
 * Focus: `autoFocus` + `tabIndex=-1`, so a browser without JavaScript focuses it on the page the
 * server re-rendered (status 400); with JavaScript the page calls `.focus()` through the ref after
 * each failed submit. `role="alert"` announces it; `aria-labelledby` names it.
 * `formErrorId`: the id the form's aria-describedby points at (conform's form error id) — given to
 * the messages that are about the whole form (a refused payment method, "too many unpaid orders").
 * With JavaScript a link focuses its field and scrolls the field's label into view (as GOV.UK's
 * script does) instead of changing the URL's fragment; without, the fragment does it.
 */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: SummaryError[]; formErrorId: string }>(function ErrorSummary(
  { errors, formErrorId },
  ref,
) {
  const { t } = useT();
  const phrase = usePhrase();
  const formWide = errors.filter((error) => !error.fieldId);
  const fields = errors.filter((error) => error.fieldId);
  return (
    <div
      ref={ref}
      role="alert"
      aria-labelledby={TITLE_ID}
      tabIndex={-1}
      // Without JavaScript the browser focuses the summary of the re-rendered page (GOV.UK pattern).
      autoFocus
      data-testid="error-summary"
      className="mb-6 rounded border-4 border-red-700 bg-white px-4 py-3 focus:outline-none focus-visible:ring-4 focus-visible:ring-amber-400"
    >
      <h2 id={TITLE_ID} className="text-lg font-semibold text-gray-900">
        {t("checkout.thereIsAProblem")}
      </h2>
      {formWide.length > 0 ? (
        <div id={formErrorId} className="mt-2 text-sm text-red-800">
          {formWide.map((error) => (
            <p key={error.message}>{phrase(error.message)}</p>
          ))}
        </div>
      ) : null}
      {fields.length > 0 ? (
        <ul className="mt-2 list-none space-y-1 text-sm">
          {fields.map((error) => (
            <li key={`${error.fieldId}:${error.message}`}>
              <a
                href={`#${error.fieldId}`}
                onClick={(event) => focusField(event, error.fieldId!)}
                className="font-medium text-red-800 underline underline-offset-2 hover:text-red-900"
              >
                {phrase(error.message)}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
});

/**
 * The summary's problems in the page's order: those about the whole form first (the `""` key),
 * then each field in `fieldOrder` (its id from `fieldId`), then any other key (hidden fields) as
 * text. Null when there is no problem. `error`: conform's `{name: messages}` of a submission.
 */
export function summaryErrors(
  error: Record<string, string[] | null | undefined> | null | undefined,
  fieldOrder: readonly string[],
  fieldId: (name: string) => string,
): SummaryError[] | null {
  if (!error) return null;
  const names = Object.keys(error);
  const ordered = [
    ...names.filter((name) => name === ""),
    ...fieldOrder.filter((name) => names.includes(name)),
    ...names.filter((name) => name !== "" && !fieldOrder.includes(name)),
  ];
  const list: SummaryError[] = [];
  for (const name of ordered) {
    for (const message of error[name] ?? []) {
      if (list.some((item) => item.message === message)) continue;
      list.push(name !== "" && fieldOrder.includes(name) ? { message, fieldId: fieldId(name) } : { message });
    }
  }
  return list.length > 0 ? list : null;
}

/** With JavaScript: focus the field and bring its label into view; no history entry. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`);
  (label ?? field).scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
}
