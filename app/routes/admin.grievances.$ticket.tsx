import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { timeLeft } from "~/lib/grievances";
import { formatIstDate } from "~/lib/gst";
import { GRIEVANCE_ANSWER_MAX } from "~/schemas/grievance-constants";
import { requireStaff, type StaffContext } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/grievances/:ticket (issue 25 item 3; docs/decisions/0750): one complaint, its deadlines
 * and the answer form. Posting the answer resolves it: the answer, an audit row and the email to
 * the filer in one transaction (a second post is a 409 sentence, nothing sent twice). It says
 * whether the complaint is verified (issue 43 item 1): one filed signed out that its address has
 * not confirmed is marked, its typed order number shown as text, never linked; its answer still
 * goes only to that address. Staff and owner; an unknown ticket is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const grievance = await grievanceOf(own, params.ticket);
  const [audit, now] = [await own.office.auditTrail("grievance", grievance.ticket), Date.now()];
  return json({ grievance, audit, now }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const grievance = await grievanceOf(own, params.ticket);
  const formData = await readFormData(request).catch(throwBodyError);
  try {
    await own.grievances.resolveGrievance(grievance.ticket, formData.get("answer"), actor);
    return redirectWithSuccess(`/admin/grievances/${grievance.ticket}`, "Resolved: the answer is emailed to the shopper.");
  } catch (error) {
    if (error instanceof BackendError && (error.status === 400 || error.status === 409)) {
      return json({ error: error.message }, { status: error.status, headers: { "cache-control": "no-store" } });
    }
    throw error;
  }
}

async function grievanceOf(own: StaffContext["own"], ticket: string | undefined) {
  const grievance = await own.grievances.findGrievance(ticket ?? "");
  if (!grievance) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return grievance;
}

export default function AdminGrievance() {
  const { grievance, audit, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const open = grievance.status === "open";
  return (
    <div className={adminStyles.page}>
      <p className="text-sm">
        <Link to="/admin/grievances" className={adminStyles.link}>
          ← Grievances
        </Link>
      </p>
      <h1 className={`${adminStyles.h1} mt-2`}>
        Grievance <span className="font-mono">{grievance.ticket}</span>
      </h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Status</dt>
        <dd>{open ? "Open" : "Resolved"}</dd>
        <dt className="font-medium">From</dt>
        <dd>
          {grievance.name} &lt;{grievance.email}&gt;
        </dd>
        <dt className="font-medium">Verified</dt>
        <dd data-testid="grievance-verified">
          {grievance.verifiedAt !== null
            ? `Verified: ${formatIstDateTime(grievance.verifiedAt)} IST (${grievance.verifiedAt === grievance.filedAt ? "filed signed in" : "confirmed from the emailed link"})`
            : "Not verified: filed signed out; the address has not confirmed it, so the name and email are only what was typed"}
        </dd>
        <dt className="font-medium">About</dt>
        <dd>
          {grievance.subjectLabel}
          {grievance.orderId ? (
            <>
              , order{" "}
              <Link to={`/admin/orders/${encodeURIComponent(grievance.orderId)}`} className={adminStyles.link}>
                {grievance.orderId}
              </Link>
            </>
          ) : null}
          {grievance.orderTyped ? `, order number typed: ${grievance.orderTyped} (not linked: ${grievance.verified ? "not an order of this address" : "not confirmed"})` : null}
        </dd>
        <dt className="font-medium">Filed</dt>
        <dd>{formatIstDateTime(grievance.filedAt)} IST</dd>
        <dt className="font-medium">Acknowledged (48 h)</dt>
        <dd>
          {grievance.acknowledgedAt !== null ? `Met: ${formatIstDateTime(grievance.acknowledgedAt)} IST, ${grievance.verified && grievance.verifiedAt !== grievance.filedAt ? "confirmed on the follow page" : "ticket emailed"}` : "Not started: the month runs from the address's confirmation"}
          {grievance.ackSentAt !== null ? ` (email sent ${formatIstDateTime(grievance.ackSentAt)})` : " (email waiting in the outbox)"}
        </dd>
        <dt className="font-medium">Resolve by</dt>
        <dd>
          {grievance.acknowledgedAt !== null ? formatIstDate(grievance.resolveBy) : "30 days from confirmation"}
          {open && grievance.acknowledgedAt !== null ? ` — ${timeLeft(grievance.resolveBy, now)}` : ""}
        </dd>
      </dl>
      <section aria-labelledby="complaint-heading" className="mt-6">
        <h2 id="complaint-heading" className={adminStyles.h2}>
          Complaint
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm">{grievance.body}</p>
      </section>
      {open ? (
        <Form method="post" className="mt-6 max-w-2xl">
          <label htmlFor="answer" className={adminStyles.label}>
            Answer to the shopper (emailed; closes the grievance as resolved)
          </label>
          <textarea
            id="answer"
            name="answer"
            required
            maxLength={GRIEVANCE_ANSWER_MAX}
            rows={8}
            className={adminStyles.input}
            aria-invalid={result?.error ? true : undefined}
            aria-describedby={result?.error ? "answer-error" : undefined}
          />
          {result?.error ? (
            <p id="answer-error" className={adminStyles.error}>
              {result.error}
            </p>
          ) : null}
          <button type="submit" className={`${adminStyles.button} mt-3`}>
            Send answer and resolve
          </button>
        </Form>
      ) : (
        <section aria-labelledby="answer-heading" className="mt-6">
          <h2 id="answer-heading" className={adminStyles.h2}>
            Answer
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            {grievance.answeredAt !== null ? `${formatIstDateTime(grievance.answeredAt)} IST` : ""} by {grievance.answeredBy}
          </p>
          <p className="mt-2 whitespace-pre-line text-sm">{grievance.answer}</p>
        </section>
      )}
      {audit.length > 0 ? (
        <section aria-labelledby="history-heading" className="mt-8">
          <h2 id="history-heading" className={adminStyles.h2}>
            History
          </h2>
          <ul className="mt-2 text-sm">
            {audit.map((entry) => (
              <li key={entry.id}>
                {formatIstDateTime(entry.at)} — {entry.actorEmail}: {entry.action}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Grievance — Back office" }, { name: "robots", content: "noindex, nofollow" }];
