import { useFetcher } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useT } from "~/i18n/use-t";
import { formatPaise } from "~/lib/money";
import type { CodeBoxAnswer, CodeBoxData } from "~/utils/discount-code.server";

/** The id of the box's own `<form>`: its fields point at it (`form=`), so the box may sit inside the checkout's form. */
export const CODE_FORM_ID = "discount-code-form";
/** The fetcher the box posts with (JavaScript on): the form and the fields share it by key. */
const CODE_FETCHER_KEY = "discount-code";

/**
 * The box's `<form>` for a box inside another form (`attached`; the checkout's): a POST to the
 * page's own action, by a fetcher when JavaScript runs (no reload; the loaders run again, so the
 * totals follow). Render it outside any other form — HTML forms don't nest — once per page. A
 * browser that ignores the fields' `form=` (lynx) sends them with the checkout's form instead,
 * `intent=applyCode` first, which the checkout's action answers as the box's post.
 */
export function DiscountCodeForm() {
  const fetcher = useFetcher<CodeBoxAnswer>({ key: CODE_FETCHER_KEY });
  return <fetcher.Form method="post" id={CODE_FORM_ID} preventScrollReset aria-hidden="true" />;
}

/**
 * The discount code box on the cart and the checkout (issue 47 item 2; DESIGN.md §27): a labelled
 * "Discount code" field and Apply; once a code is applied, the code, its terms (visible before
 * PLACE ORDER: CCPA dark-pattern guidelines 2023), the amount off and Remove; a code on the cart
 * that no longer applies is shown with the reason and not counted. A refusal is written next to
 * the field (role=alert, the field's aria-describedby) — from the fetcher's answer with
 * JavaScript, from the page's action data (`answer`) after a plain post. Nothing when the store
 * has no codes (`box.available` false: another backend). `attached`: the box sits inside another
 * form and its fields point at DiscountCodeForm; otherwise it is a form of its own.
 */
export function DiscountCodeBox({ box, answer, attached = false }: { box: CodeBoxData; answer?: CodeBoxAnswer["codeBox"] | null; attached?: boolean }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const fetcher = useFetcher<CodeBoxAnswer>({ key: CODE_FETCHER_KEY });
  if (!box.available) return null;
  const latest = fetcher.data?.codeBox ?? answer ?? null;
  const refusal = latest && !latest.ok ? latest.message : null;
  const busy = fetcher.state !== "idle";
  const applied = box.applied;
  const formId = attached ? CODE_FORM_ID : undefined;
  const enhanced = hydrated ? <input type="hidden" name="enhanced" value="1" form={formId} /> : null;
  // The post's intent: in a form of its own, a hidden field; inside another form, the pressed
  // control's own name (SubmitControl), as only that control's post carries it.
  const ownIntent = attached ? null : <input type="hidden" name="intent" value={applied ? "removeCode" : "applyCode"} />;
  const content = (
    <>
      <h2 id="discount-code-heading" className="font-medium text-gray-900">
        {t("discountCode.heading")}
      </h2>
      {enhanced}
      {ownIntent}
      {applied ? (
        <div className="mt-2 rounded border border-gray-300 px-3 py-2" data-testid="discount-code-applied">
          {applied.applies ? (
            <p>
              <span className="font-medium">{t("discountCode.applied", { code: applied.code })}</span>
              {" — "}
              <span data-testid="discount-code-amount">{t("discountCode.amountOff", { amount: formatPaise(applied.discountPaise) })}</span>
            </p>
          ) : (
            <p className="text-red-800" data-testid="discount-code-not-counted">
              {t("discountCode.notCounted", { code: applied.code })} {applied.reason}
            </p>
          )}
          <p className="mt-1 text-gray-600">
            {t("discountCode.terms")}: <span data-testid="discount-code-terms">{applied.terms.join("; ")}</span>
          </p>
          <SubmitControl
            attached={attached}
            formId={formId}
            intent="removeCode"
            label={t("discountCode.remove")}
            ariaLabel={t("discountCode.removeCode", { code: applied.code })}
            disabled={busy}
            className="mt-2 rounded border border-gray-900 px-4 py-1 font-medium text-gray-900 hover:bg-gray-100"
          />
        </div>
      ) : (
        <div className="mt-2 flex flex-col gap-2">
          <label htmlFor="discount-code">{t("discountCode.label")}</label>
          <div className="flex gap-2">
            <input
              id="discount-code"
              name="code"
              form={formId}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-describedby={refusal ? "discount-code-error" : undefined}
              aria-invalid={refusal ? true : undefined}
              className="w-48 rounded border border-gray-400 px-3 py-2 uppercase"
            />
            <SubmitControl
              attached={attached}
              formId={formId}
              intent="applyCode"
              label={t("discountCode.apply")}
              disabled={busy}
              className="rounded border border-gray-900 px-5 py-2 font-medium text-gray-900 hover:bg-gray-100"
            />
          </div>
        </div>
      )}
      {refusal ? (
        <p id="discount-code-error" role="alert" className="mt-2 text-red-800" data-testid="discount-code-error">
          {refusal}
        </p>
      ) : null}
    </>
  );
  return (
    <section className="my-6 text-sm text-gray-800" data-testid="discount-code-box">
      {attached ? (
        content
      ) : (
        <fetcher.Form method="post" preventScrollReset>
          {content}
        </fetcher.Form>
      )}
    </section>
  );
}

/**
 * The box's Apply or Remove. In a form of its own, a plain button (the form's hidden `intent` says
 * which). Inside another form (`attached`), a submit input named for its intent (`applyCode` /
 * `removeCode`) whose value is its label: only the pressed control's name is posted, and a text
 * browser reads it as its label (lynx writes a button's value before its text, "(applyCode) Apply").
 */
function SubmitControl(props: {
  attached: boolean;
  formId: string | undefined;
  intent: "applyCode" | "removeCode";
  label: string;
  ariaLabel?: string;
  disabled: boolean;
  className: string;
}) {
  if (props.attached) {
    return (
      <input
        type="submit"
        form={props.formId}
        name={props.intent}
        value={props.label}
        aria-label={props.ariaLabel}
        disabled={props.disabled}
        className={props.className}
      />
    );
  }
  return (
    <button type="submit" aria-label={props.ariaLabel} disabled={props.disabled} className={props.className}>
      {props.label}
    </button>
  );
}
