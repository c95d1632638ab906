import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getBackend } from "~/backend/index.server";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { NEWSLETTER_BODY_MAX, NEWSLETTER_CONSENT_TEXTS, NEWSLETTER_SUBJECT_MAX } from "~/schemas/newsletter-constants";
import { parseNewsletterDraft, parseSubscriberPage } from "~/utils/newsletter.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/newsletter (issue 24 item 3; DESIGN.md §18, §22): the confirmed subscribers, 50 a page
 * (`?page=`), newest first, with the words each agreed to; the CSV export; the composer — a
 * one-line subject and Markdown text — whose "Send to N subscribers" queues one outbox message per
 * confirmed subscriber, sent at NEWSLETTER_PER_MINUTE; and the latest sends with their progress
 * (queued, sent, failed, unsubscribed since), which a reload brings up to date. Staff read; only an
 * owner exports and sends (audited). 404 for anyone else and on a store without the newsletter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await newsletterStaff(request);
  const page = parseSubscriberPage(new URL(request.url));
  const office = await own.newsletter.newsletterOffice(page);
  return json({ ...office, canSend: staff.role === "owner", limits: { subject: NEWSLETTER_SUBJECT_MAX, body: NEWSLETTER_BODY_MAX } }, { headers: { "cache-control": "private, no-store" } });
}

type ActionData = { errors: { subject?: string; body?: string; form?: string }; subject: string; body: string };

/** `intent=send` with `subject` and `body`: queues the newsletter; 303 back here with a toast, or 400 with the problems. */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await newsletterStaff(request, { role: "owner", forWhat: "send a newsletter" });
  const formData = await readFormData(request).catch(throwBodyError);
  if (formData.get("intent") !== "send") throw new Response("Unknown action.", { status: 400, statusText: "Bad Request" });
  const typed = { subject: String(formData.get("subject") ?? "").slice(0, 1000), body: String(formData.get("body") ?? "").slice(0, NEWSLETTER_BODY_MAX + 1000) };
  const parsed = parseNewsletterDraft(formData);
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "subject" || issue.path[0] === "body" ? issue.path[0] : "form";
      errors[field] ??= issue.message;
    }
    return json<ActionData>({ errors, ...typed }, { status: 400 });
  }
  try {
    const { queued } = await own.newsletter.sendNewsletter({ subject: parsed.data.subject, body: parsed.data.body }, actor, { now: Date.now() });
    return redirectWithSuccess("/admin/newsletter", `The newsletter is queued for ${queued} ${queued === 1 ? "subscriber" : "subscribers"}.`);
  } catch (error) {
    if (error instanceof BackendError && error.status < 500) return json<ActionData>({ errors: { form: error.message }, ...typed }, { status: error.status });
    throw error;
  }
}

async function newsletterStaff(request: Request, options?: { role: "owner"; forWhat: string }) {
  const context = await requireStaff(request, options);
  if (!getBackend().capabilities.newsletter) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return context;
}

export default function AdminNewsletter() {
  const { subscribers, total, page, pageCount, campaigns, canSend, limits } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.errors ?? {};
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Newsletter</h1>
      <p className="mt-1 text-sm text-gray-700">
        Only addresses that confirmed from the emailed link are listed, with the words they agreed to. Every newsletter carries a one-click unsubscribe link.
      </p>

      {canSend ? (
        <section aria-labelledby="compose-heading" className={`${adminStyles.card} mt-6`}>
          <h2 id="compose-heading" className={adminStyles.h2}>
            Write a newsletter
          </h2>
          <Form method="post" className="mt-3 space-y-4">
            <input type="hidden" name="intent" value="send" />
            <div>
              <label htmlFor="newsletter-subject" className={adminStyles.label}>
                Subject
              </label>
              <input
                id="newsletter-subject"
                name="subject"
                required
                maxLength={limits.subject}
                defaultValue={result?.subject}
                aria-invalid={errors.subject ? true : undefined}
                aria-describedby={errors.subject ? "newsletter-subject-error" : undefined}
                className={adminStyles.input}
              />
              {errors.subject ? (
                <p id="newsletter-subject-error" className={adminStyles.error}>
                  {errors.subject}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor="newsletter-body" className={adminStyles.label}>
                Text (Markdown: **bold**, *italic*, [links](https://…), lists; HTML is shown as text)
              </label>
              <textarea
                id="newsletter-body"
                name="body"
                required
                rows={10}
                maxLength={limits.body}
                defaultValue={result?.body}
                aria-invalid={errors.body ? true : undefined}
                aria-describedby={errors.body ? "newsletter-body-error" : undefined}
                className={adminStyles.input}
              />
              {errors.body ? (
                <p id="newsletter-body-error" className={adminStyles.error}>
                  {errors.body}
                </p>
              ) : null}
            </div>
            {errors.form ? (
              <p role="alert" className={adminStyles.error}>
                {errors.form}
              </p>
            ) : null}
            <button type="submit" className={adminStyles.button} disabled={total === 0}>
              Send to {total} {total === 1 ? "subscriber" : "subscribers"}
            </button>
          </Form>
        </section>
      ) : null}

      <section aria-labelledby="sends-heading" className="mt-8">
        <h2 id="sends-heading" className={adminStyles.h2}>
          Latest sends
        </h2>
        {campaigns.length === 0 ? (
          <p className="mt-2 text-sm">Nothing sent yet.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {campaigns.map((campaign) => (
              <li key={campaign.id} data-testid="newsletter-send">
                <span className="font-medium text-gray-900">{campaign.subject}</span> — {formatIstDateTime(campaign.createdAt)} (IST) by {campaign.createdBy}:{" "}
                <span data-testid="newsletter-progress">{campaign.progressLine}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm text-gray-700">Reload the page to see the latest figures.</p>
      </section>

      <section aria-labelledby="subscribers-heading" className="mt-8">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="subscribers-heading" className={adminStyles.h2}>
            Subscribers
          </h2>
          {canSend ? (
            <a href="/admin/newsletter/export.csv" className={adminStyles.link} download>
              Export subscribers (CSV)
            </a>
          ) : null}
        </div>
        <p className="mt-1 text-sm text-gray-700">{total === 0 ? "No confirmed subscribers yet." : `${total} confirmed ${total === 1 ? "subscriber" : "subscribers"}, page ${page} of ${pageCount}.`}</p>
        {subscribers.length > 0 ? (
          <div className="mt-2 overflow-x-auto">
            <table className={adminStyles.table}>
              <thead>
                <tr>
                  <th scope="col" className={adminStyles.th}>
                    Email
                  </th>
                  <th scope="col" className={adminStyles.th}>
                    Confirmed (IST)
                  </th>
                  <th scope="col" className={adminStyles.th}>
                    Consent version
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {subscribers.map((subscriber) => (
                  <tr key={subscriber.email}>
                    <td className={adminStyles.td}>{subscriber.email}</td>
                    <td className={adminStyles.td}>{formatIstDateTime(subscriber.confirmedAt)}</td>
                    <td className={adminStyles.td}>{subscriber.consentVersion}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* What each recorded version said, word for word (the export carries each subscriber's text; docs/decisions/0910). */}
            <details className="mt-3 text-sm text-gray-700">
              <summary className="cursor-pointer">The words of each consent version</summary>
              <dl className="mt-2 space-y-2" data-testid="consent-versions">
                {Object.entries(NEWSLETTER_CONSENT_TEXTS).map(([version, text]) => (
                  <div key={version}>
                    <dt className="font-mono">{version}</dt>
                    <dd lang={version.endsWith("-hi") ? "hi" : undefined}>{text}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>
        ) : null}
        {pageCount > 1 ? (
          <nav aria-label="Subscriber pages" className="mt-3 flex gap-4 text-sm">
            {page > 1 ? (
              <Link to={`?page=${page - 1}`} className={adminStyles.link}>
                Previous page
              </Link>
            ) : null}
            {page < pageCount ? (
              <Link to={`?page=${page + 1}`} className={adminStyles.link}>
                Next page
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Newsletter — Back office" }, { name: "robots", content: "noindex, nofollow" }];
