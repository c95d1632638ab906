import { useState, type FocusEvent, type FormEvent } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { checkField, checkForm, fieldConstraint, type FieldRule, type FormRules } from "~/schemas/field-rules";

/** The part of conform's `SubmissionResult` (what the action's `submission.reply()` answers) read here. */
export type FormReply = {
  status?: "success" | "error";
  initialValue?: Record<string, unknown> | null;
  error?: Record<string, string[] | null> | null;
};

type Errors = Record<string, string[] | null | undefined>;

/**
 * A form checked in the browser by its zod-free rules (app/schemas/field-rules.ts), the way
 * conform's `useForm` checked it with the zod schema, for pages where conform does not fit in the
 * 100 KB budget (DESIGN.md §17; docs/decisions/0530). Same ids as conform (`<form id>-<name>`,
 * `…-error`), the same `lastResult` (the action's `submission.reply()`: its messages and the
 * values typed, each answer remounting the fields through `key`), and the same timing: a field is
 * checked when it loses focus (`shouldValidate: "onBlur"`) or at the first submit, then again as
 * the shopper types; a submit with a problem is stopped and focuses the first field with one.
 * `noValidate`: the form's attribute before hydration (the browser's own checks without
 * JavaScript when false); hydrated, the form is always `noValidate` and the rules speak.
 */
export function useFormRules<R extends FormRules>({
  id,
  rules,
  lastResult,
  shouldValidate = "onBlur",
  noValidate = true,
}: {
  id: string;
  rules: R;
  lastResult: FormReply | null | undefined;
  shouldValidate?: "onBlur" | "onSubmit";
  noValidate?: boolean;
}) {
  const hydrated = useHydrated();
  const [reply, setReply] = useState(lastResult);
  const [answers, setAnswers] = useState(0);
  const [errors, setErrors] = useState<Errors>(() => lastResult?.error ?? {});
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set());
  // A new answer from the server: its messages and values (state adjusted while rendering).
  if (lastResult !== reply) {
    setReply(lastResult);
    setAnswers(answers + 1);
    setErrors(lastResult?.error ?? {});
    setChecked(new Set());
  }

  const check = (form: HTMLFormElement, name: string) => {
    const value = new FormData(form).get(name);
    const message = checkField(rules[name] as FieldRule, typeof value === "string" ? value : "");
    setErrors((current) => ({ ...current, [name]: message ? [message] : null }));
  };
  const fieldName = (event: { target: EventTarget }) => {
    const name = (event.target as HTMLInputElement).name;
    return typeof name === "string" && Object.hasOwn(rules, name) ? name : null;
  };

  const formErrors = errors[""] ?? undefined;
  const errorId = `${id}-error`;
  const form = {
    id,
    errorId,
    errors: formErrors,
    props: {
      id,
      noValidate: hydrated || noValidate,
      "aria-describedby": formErrors ? errorId : undefined,
      onBlur(event: FocusEvent<HTMLFormElement>) {
        const name = fieldName(event);
        if (!name || shouldValidate !== "onBlur") return;
        setChecked((current) => new Set(current).add(name));
        check(event.currentTarget, name);
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const name = fieldName(event);
        if (name && checked.has(name)) check(event.currentTarget, name);
      },
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const element = event.currentTarget;
        const found = checkForm(rules, new FormData(element)) ?? {};
        setChecked(new Set(Object.keys(rules)));
        setErrors(found);
        if (Object.keys(found).length === 0) return;
        event.preventDefault();
        const first = Array.from(element.elements).find((control) => Object.hasOwn(found, (control as HTMLInputElement).name));
        (first as HTMLElement | undefined)?.focus();
      },
    },
  };

  /** A field's metadata and the attributes of its input (`key` apart: React wants it given directly). */
  const field = (name: keyof R & string, describedBy?: string) => {
    const fieldId = `${id}-${name}`;
    const fieldErrors = errors[name] ?? undefined;
    const initial = reply?.initialValue?.[name];
    const rule = rules[name] as FieldRule | undefined;
    const ariaDescribedBy = [fieldErrors ? `${fieldId}-error` : null, describedBy].filter(Boolean).join(" ");
    return {
      id: fieldId,
      errorId: `${fieldId}-error`,
      errors: fieldErrors,
      key: `${name}-${answers}`,
      initialValue: typeof initial === "string" ? initial : undefined,
      props: {
        id: fieldId,
        name,
        defaultValue: typeof initial === "string" ? initial : undefined,
        ...(rule ? fieldConstraint(rule) : {}),
        "aria-invalid": fieldErrors ? true : undefined,
        "aria-describedby": ariaDescribedBy || undefined,
      },
    };
  };

  return { form, field };
}
