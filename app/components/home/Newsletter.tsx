import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useFetcher } from "@remix-run/react";
import { newsletterSchema } from "~/schemas/newsletter";

export type NewsletterActionData = { result: SubmissionResult<string[]>; note: string | null };

/**
 * The newsletter box (SPEC.md §1, §2): does nothing on submit. It posts to the home page's
 * action, which stores nothing and answers a short note, so with JavaScript off the page comes
 * back whole; with JavaScript the post goes through a fetcher and the page stays put.
 */
export function Newsletter() {
  const fetcher = useFetcher<NewsletterActionData>();
  const actionData = useActionData<NewsletterActionData>();
  const data = fetcher.data ?? actionData;
  const [form, fields] = useForm({
    id: "newsletter-form",
    defaultNoValidate: false,
    lastResult: data?.result,
    constraint: getZodConstraint(newsletterSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: newsletterSchema }),
  });
  const note = data?.note ?? null;
  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="mx-auto max-w-screen-xl px-4 py-16 text-center sm:px-8">
      <h2 id="newsletter-heading" className="font-serif text-3xl text-gray-900">
        Join our newsletter
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-gray-600">
        Be the first to hear about new arrivals, limited editions and watch-care tips.
      </p>
      <fetcher.Form
        method="post"
        action="/?index#newsletter"
        {...getFormProps(form)}
        className="mx-auto mt-6 flex max-w-xl flex-col gap-2 sm:flex-row"
      >
        <input type="hidden" name="intent" value="newsletter" />
        <label htmlFor={fields.email.id} className="sr-only">
          Email address
        </label>
        <input
          {...getInputProps(fields.email, { type: "email" })}
          key={fields.email.key}
          autoComplete="email"
          placeholder="Enter your email"
          className="min-w-0 flex-1 rounded border border-gray-400 px-4 py-3 text-sm text-gray-900 placeholder:text-gray-600"
        />
        <button
          type="submit"
          className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800"
        >
          SUBSCRIBE
        </button>
      </fetcher.Form>
      {fields.email.errors ? (
        <p id={fields.email.errorId} className="mt-2 text-sm font-medium text-red-700">
          {fields.email.errors[0]}
        </p>
      ) : null}
      <p role="status" className="mt-3 min-h-5 text-sm text-gray-700" data-testid="newsletter-note">
        {note}
      </p>
    </section>
  );
}
