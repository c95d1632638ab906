import { Fragment } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, translate } from "~/i18n/messages.server";
import { useT } from "~/i18n/use-t";
import { grievanceFiler, grievancesOwn, grievanceSubjectLabelIn } from "~/utils/grievances.server";
import { istDateIn, istDateTimeIn } from "~/lib/ist-dates";
import { RESOLVE_DAYS } from "~/schemas/grievance-constants";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeSellerDetails } from "~/utils/seller-details.server";

/**
 * /grievance/:ticket?key=… (issue 25 item 3; docs/decisions/0750): a complaint's own page — its
 * status (open, or resolved with the answer), subject, text and dates. Reached by the private link
 * of the acknowledgement email (the key is checked against its SHA-256), or signed in by the
 * shopper who filed it. Anything else — an unknown ticket, a wrong or missing key — is the
 * ordinary 404, alike. `&filed=1` (right after filing) says the ticket and what happens next. The
 * key stays out of Referer headers and caches. A complaint filed signed out is not verified until
 * its address confirms it (issue 43 item 1; docs/decisions/0920): the emailed link opens this page,
 * which asks for one press (POST; a GET changes nothing, so a mail scanner confirms nothing) and
 * then says `&confirmed=1` — registered, and by when it is resolved. Under /hi its words, subject and dates are Hindi
 * (issue 27; docs/decisions/0910); the complaint's and the answer's texts stay as written.
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
  const language = languageOfPath(url.pathname);
  // Its dates in IST and its subject in the page's language, made here so the HTML and hydration agree.
  const dates = {
    filed: istDateTimeIn(grievance.filedAt, language),
    acknowledged: grievance.acknowledgedAt !== null ? istDateTimeIn(grievance.acknowledgedAt, language) : null,
    answered: grievance.answeredAt !== null ? istDateTimeIn(grievance.answeredAt, language) : null,
    resolveBy: istDateIn(grievance.resolveBy, language),
  };
  return json(
    {
      grievance: { ...grievance, subjectLabel: grievanceSubjectLabelIn(language, grievance.subjectLabel) },
      dates,
      filed: url.searchParams.get("filed") === "1",
      confirmed: url.searchParams.get("confirmed") === "1" && grievance.verified,
      officer,
      messages: messagesFor(language, ["grievance"]),
      title: translate(language, "grievance.followTitle"),
    },
    { headers: { "cache-control": "private, no-store", "referrer-policy": "no-referrer" } },
  );
}

/**
 * The named address confirms the complaint from its emailed link (issue 43 item 1): the key of the
 * link's query confirms it once (`confirmGrievance`: verified, its month starts, a typed order
 * linked only when that address owns it), then 303 back to the page with `&confirmed=1`. Another
 * site's post 403; an unknown ticket or a wrong key the ordinary 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = grievancesOwn();
  const ticket = params.ticket ?? "";
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const confirmed = await own.grievances.confirmGrievance(ticket, key);
  if (!confirmed) throw new Response("Not Found", { status: 404, statusText: "Not Found", headers: { "cache-control": "private, no-store" } });
  return redirect(`/grievance/${confirmed.ticket}?key=${encodeURIComponent(key)}&confirmed=1`, { status: 303, headers: { "cache-control": "private, no-store" } });
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
  const { grievance, dates, filed, confirmed, officer } = useLoaderData<typeof loader>();
  const resolved = grievance.status === "resolved";
  const { name: officerName, email: officerEmail } = officer;
  const { t } = useT();
  return (
    <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
      <h1 className="font-serif text-3xl text-gray-900">
        {t("grievance.complaint")} <span className="font-mono">{grievance.ticket}</span>
      </h1>
      {filed ? (
        <div role="status" data-testid="grievance-filed" className="mt-6 rounded border border-green-300 bg-green-50 p-4 text-sm leading-6 text-green-900">
          <p className="font-semibold">{t("grievance.filedHeadline", { ticket: grievance.ticket })}</p>
          <p className="mt-2">
            {t("grievance.whatNext", { email: grievance.email, officer: officerName ? `, ${officerName},` : "", date: dates.resolveBy })}
          </p>
        </div>
      ) : null}
      {confirmed ? (
        <div role="status" data-testid="grievance-confirmed" className="mt-6 rounded border border-green-300 bg-green-50 p-4 text-sm leading-6 text-green-900">
          <p className="font-semibold">{t("grievance.confirmedHeadline", { ticket: grievance.ticket })}</p>
          <p className="mt-2">{t("grievance.confirmedNext", { email: grievance.email, officer: officerName ? `, ${officerName},` : "", date: dates.resolveBy })}</p>
        </div>
      ) : null}
      {!grievance.verified && !resolved ? (
        <section aria-labelledby="confirm-heading" data-testid="grievance-confirm" className="mt-6 rounded border border-amber-300 bg-amber-50 p-4 text-sm leading-6 text-gray-900">
          <h2 id="confirm-heading" className="font-semibold">
            {t("grievance.confirmHeading")}
          </h2>
          <p className="mt-2">{t("grievance.confirmText", { email: grievance.email, days: RESOLVE_DAYS })}</p>
          <Form method="post" className="mt-3">
            <button type="submit" className="bg-black px-6 py-2 text-sm font-semibold tracking-widest text-white hover:bg-gray-800">
              {t("grievance.confirmButton")}
            </button>
          </Form>
          <p className="mt-3">{t("grievance.confirmNotYou")}</p>
        </section>
      ) : null}
      <dl className="mt-8 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 text-sm">
        <dt className="font-medium text-gray-700">{t("grievance.status")}</dt>
        <dd data-testid="grievance-status">{t(resolved ? "grievance.statusAnswered" : grievance.verified ? "grievance.statusOpen" : "grievance.statusUnconfirmed")}</dd>
        <dt className="font-medium text-gray-700">{t("grievance.about")}</dt>
        <dd>
          {grievance.subjectLabel}
          {grievance.orderId ? t("grievance.aboutOrder", { order: grievance.orderId }) : ""}
          {grievance.orderTyped ? t("grievance.aboutOrderTyped", { order: grievance.orderTyped }) : ""}
        </dd>
        <dt className="font-medium text-gray-700">{t("grievance.filed")}</dt>
        <dd>{dates.filed} IST</dd>
        <dt className="font-medium text-gray-700">{t("grievance.acknowledged")}</dt>
        <dd>{dates.acknowledged !== null ? t("grievance.byEmail", { date: dates.acknowledged }) : t("grievance.notYet")}</dd>
        <dt className="font-medium text-gray-700">{t(resolved ? "grievance.resolvedOn" : "grievance.resolveBy")}</dt>
        <dd>{resolved && dates.answered !== null ? `${dates.answered} IST` : dates.acknowledged !== null ? dates.resolveBy : t("grievance.resolveAfterConfirm", { days: RESOLVE_DAYS })}</dd>
      </dl>
      <section aria-labelledby="text-heading" className="mt-8">
        <h2 id="text-heading" className="font-serif text-xl text-gray-900">
          {t("grievance.textLabel")}
        </h2>
        <p className="mt-2 text-sm leading-6">
          <Lines text={grievance.body} />
        </p>
      </section>
      {resolved ? (
        <section aria-labelledby="answer-heading" className="mt-8">
          <h2 id="answer-heading" className="font-serif text-xl text-gray-900">
            {t("grievance.ourAnswer")}
          </h2>
          <p className="mt-2 whitespace-pre-line text-sm leading-6" data-testid="grievance-answer">
            <Lines text={grievance.answer ?? ""} />
          </p>
        </section>
      ) : null}
      <p className="mt-10 text-sm">
        {officerEmail ? (
          <>
            {t("grievance.addBefore")}
            <a href={`mailto:${officerEmail}`} className="underline underline-offset-2">
              {officerEmail}
            </a>
            {t("grievance.addAfter", { ticket: grievance.ticket })}
          </>
        ) : null}
        <Link to="/grievance" className="underline underline-offset-2">
          {t("grievance.another")}
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Your complaint — Chrono India" }, { name: "robots", content: "noindex" }];
