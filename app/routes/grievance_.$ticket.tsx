import { Fragment } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/ui/local-links";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatIstDate } from "~/lib/gst";
import { grievanceFiler, grievancesOwn } from "~/utils/grievances.server";
import { storeSellerDetails } from "~/utils/seller-details.server";

/**
 * /grievance/:ticket?key=… (issue 25 item 3; docs/decisions/0750): a complaint's own page — its
 * status (open, or resolved with the answer), subject, text and dates. Reached by the private link
 * of the acknowledgement email (the key is checked against its SHA-256), or signed in by the
 * shopper who filed it. Anything else — an unknown ticket, a wrong or missing key — is the
 * ordinary 404, alike. `&filed=1` (right after filing) says the ticket and what happens next. The
 * key stays out of Referer headers and caches.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const own = grievancesOwn();
  const url = new URL(request.url);
  const ticket = params.ticket ?? "";
  const key = url.searchParams.get("key");
  let grievance = key ? await own.grievances.followGrievance(ticket, key) : null;
  if (!grievance && !key) {
    const account = await grievanceFiler(request);
    if (account) grievance = await own.grievances.shopperGrievance(ticket, account.id);
  }
  if (!grievance) throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
  // The grievance officer from the owner's settings (issue 25 item 1); customer care's email when theirs is empty.
  const seller = await storeSellerDetails();
  const officer = { name: seller?.officer.name ?? "", email: seller?.officer.email || seller?.care.email || "" };
  return json(
    { grievance, filed: url.searchParams.get("filed") === "1", officer },
    { headers: { "cache-control": "private, no-store", "referrer-policy": "no-referrer" } },
  );
}

/** A text's lines with <br> between them (a text browser ignores CSS line breaks). */
function Lines({ text }: { text: string }) {
  return (
    <>
      {text.split(/\r?\n/).map((line, index) => (
        <Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  );
}

export default function GrievanceFollow() {
  const { grievance, filed, officer } = useLoaderData<typeof loader>();
  const resolved = grievance.status === "resolved";
  const { name: officerName, email: officerEmail } = officer;
  return (
    <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
      <h1 className="font-serif text-3xl text-gray-900">
        Complaint <span className="font-mono">{grievance.ticket}</span>
      </h1>
      {filed ? (
        <div role="status" data-testid="grievance-filed" className="mt-6 rounded border border-green-300 bg-green-50 p-4 text-sm leading-6 text-green-900">
          <p className="font-semibold">Your complaint is filed. Your ticket number is {grievance.ticket}.</p>
          <p className="mt-2">
            What happens next: we have emailed an acknowledgement with this ticket to {grievance.email}. Our grievance officer{officerName ? `, ${officerName},` : ""} will resolve
            it by {formatIstDate(grievance.resolveBy)} at the latest and email you the answer. Keep the email: its link brings you back to this page.
          </p>
        </div>
      ) : null}
      <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="font-medium text-gray-700">Status</dt>
        <dd data-testid="grievance-status">{resolved ? "Answered — resolved" : "Open"}</dd>
        <dt className="font-medium text-gray-700">About</dt>
        <dd>
          {grievance.subjectLabel}
          {grievance.orderId ? `, order ${grievance.orderId}` : ""}
        </dd>
        <dt className="font-medium text-gray-700">Filed</dt>
        <dd>{formatIstDateTime(grievance.filedAt)} IST</dd>
        <dt className="font-medium text-gray-700">Acknowledged</dt>
        <dd>{grievance.acknowledgedAt !== null ? `${formatIstDateTime(grievance.acknowledgedAt)} IST, by email` : "Not yet"}</dd>
        <dt className="font-medium text-gray-700">{resolved ? "Resolved" : "To be resolved by"}</dt>
        <dd>{resolved && grievance.answeredAt !== null ? `${formatIstDateTime(grievance.answeredAt)} IST` : formatIstDate(grievance.resolveBy)}</dd>
      </dl>
      <section aria-labelledby="text-heading" className="mt-8">
        <h2 id="text-heading" className="font-serif text-xl text-gray-900">
          Your complaint
        </h2>
        <p className="mt-2 text-sm leading-6">
          <Lines text={grievance.body} />
        </p>
      </section>
      {resolved ? (
        <section aria-labelledby="answer-heading" className="mt-8">
          <h2 id="answer-heading" className="font-serif text-xl text-gray-900">
            Our answer
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm leading-6" data-testid="grievance-answer">
            <Lines text={grievance.answer ?? ""} />
          </p>
        </section>
      ) : null}
      <p className="mt-10 text-sm">
        {officerEmail ? (
          <>
            Anything to add? Write to{" "}
            <a href={`mailto:${officerEmail}`} className="underline underline-offset-2">
              {officerEmail}
            </a>{" "}
            quoting {grievance.ticket}.{" "}
          </>
        ) : null}
        <Link to="/grievance" className="underline underline-offset-2">Make another complaint</Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Your complaint — Chrono India" }, { name: "robots", content: "noindex" }];
