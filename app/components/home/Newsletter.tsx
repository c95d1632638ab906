import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { NEWSLETTER_EMAIL_CONSTRAINT } from "~/schemas/newsletter-constants";

/** The home action's answer: the server's check (conform's `submission.reply()`) and the note. */
export type NewsletterActionData = {
  result: { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null };
  note: string | null;
};

const FORM_ID = "newsletter-form";
const EMAIL_ID = `${FORM_ID}-email`;
const ERROR_ID = `${EMAIL_ID}-error`;

/**
 * The newsletter box (SPEC.md §1, §2): does nothing on submit. It posts to the home page's
 * action, which checks the address with its zod schema, stores nothing and answers a short note
 * or the problem (SPEC.md §5). Without JavaScript the browser's own email check comes first and
 * the page comes back whole; with JavaScript the post goes through a fetcher, the page stays put,
 * and the server's sentence shows under the box. A plain form, no conform: one field the server
 * answers at once is not worth 9 KB of the page's 100 (docs/decisions/0530).
 */
export function Newsletter() {
  const fetcher = useFetcher<NewsletterActionData>();
  const actionData = useActionData<NewsletterActionData>();
  const data = fetcher.data ?? actionData;
  const error = data?.result.error?.email?.[0];
  // What was typed, when the server sent the page back (without JavaScript).
  const typed = actionData?.result.initialValue?.email;
  const formRef = useRef<HTMLFormElement>(null);
  // Hydrated, the server's sentences replace the browser's own messages.
  useEffect(() => {
    if (formRef.current) formRef.current.noValidate = true;
  }, []);
  // A sign-up that went through clears the box.
  useEffect(() => {
    if (fetcher.data?.note) formRef.current?.reset();
  }, [fetcher.data]);
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
        ref={formRef}
        id={FORM_ID}
        method="post"
        action="/?index#newsletter"
        className="mx-auto mt-6 flex max-w-xl flex-col gap-2 sm:flex-row"
      >
        <input type="hidden" name="intent" value="newsletter" />
        <label htmlFor={EMAIL_ID} className="sr-only">
          Email address
        </label>
        <input
          {...NEWSLETTER_EMAIL_CONSTRAINT}
          id={EMAIL_ID}
          name="email"
          type="email"
          defaultValue={typeof typed === "string" ? typed : undefined}
          autoComplete="email"
          placeholder="Enter your email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          className="min-w-0 flex-1 rounded border border-gray-400 px-4 py-3 text-sm text-gray-900 placeholder:text-gray-600"
        />
        <button
          type="submit"
          className="rounded bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800"
        >
          SUBSCRIBE
        </button>
      </fetcher.Form>
      {error ? (
        <p id={ERROR_ID} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-3 min-h-5 text-sm text-gray-700" data-testid="newsletter-note">
        {note}
      </p>
    </section>
  );
}
