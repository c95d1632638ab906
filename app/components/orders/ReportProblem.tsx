import { Form, Link } from "~/components/ui/local-links";
import { MAX_REPORT_TEXT, reportPath } from "~/constants/problem-reports";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import type { ReportSectionView } from "~/lib/problem-reports";

/**
 * The order page's "Report a problem" section (issue 14 item 3; DESIGN.md §20; SPEC.md §9): the
 * shopper's reports with their status and our answer; while a kind can be reported, a plain
 * multipart form (what went wrong, a description, an unboxing video file or a link) posting to
 * /orders/:orderId/report, which works without JavaScript; otherwise the sentence why not.
 * In the page's language (issue 27): labels from the `orders` catalogue; the view's sentences
 * (made in English by the services) through the phrasebook's `report` group. The report's address
 * is one for both languages, so a Hindi page says `?lang=hi` to be sent back to itself.
 */
export function ReportProblem({ orderId, view }: { orderId: string; view: ReportSectionView }) {
  const { t, language } = useT();
  const phrase = usePhrase();
  const damagedOffered = view.kinds.some((kind) => kind.kind === "damaged");
  return (
    <section id="report" aria-labelledby="report-heading" className="mx-auto max-w-screen-xl px-4 pb-16 text-gray-700 sm:px-[5vw] lg:px-[7vw]" data-testid="report-problem">
      <h2 id="report-heading" className="mb-3 text-lg font-medium text-gray-900">
        {t("orders.reportHeading")}
      </h2>

      {view.reports.length > 0 ? (
        <ul aria-label={t("orders.yourReports")} className="mb-6 space-y-4">
          {view.reports.map((report) => (
            <li key={report.id} className="rounded border border-gray-300 p-4 text-sm" data-testid="problem-report">
              <p className="font-medium text-gray-900">
                {phrase(report.kind)} · <span data-testid="problem-report-status">{phrase(report.status)}</span>
              </p>
              <p className="mt-1 text-gray-600">{t("orders.sentOn", { date: report.sentOn })}</p>
              <p className="mt-2 whitespace-pre-line">{report.description}</p>
              {report.videoUrl ? (
                <p className="mt-2">
                  <a href={report.videoUrl} className="underline">
                    {t("orders.yourVideo")}
                  </a>
                </p>
              ) : null}
              {report.videoLink ? (
                <p className="mt-2 break-all">
                  {t("orders.videoLinkShown")}{" "}
                  <a href={report.videoLink} rel="noopener noreferrer nofollow" className="underline">
                    {report.videoLink}
                  </a>
                </p>
              ) : null}
              {report.answer ? (
                <div className="mt-3 border-l-4 border-green-600 bg-green-50 p-3" data-testid="problem-report-answer">
                  <p className="font-medium text-gray-900">
                    {t("orders.ourAnswer")}
                    {report.answeredOn ? t("orders.answeredOn", { date: report.answeredOn }) : ""}
                  </p>
                  <p className="mt-1 whitespace-pre-line">{report.answer}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {view.reasons.map((reason) => (
        <p key={reason} className="mb-2 text-sm" data-testid="report-reason">
          {phrase(reason)}
        </p>
      ))}

      {view.kinds.length > 0 ? (
        <Form method="post" action={`${reportPath(orderId)}${language === "hi" ? "?lang=hi" : ""}`} encType="multipart/form-data" className="max-w-xl space-y-4 text-sm" data-testid="report-form">
          <p>
            {t("orders.reportRulesBefore")}
            <Link to="/return-policy" className="underline">
              {t("orders.returnPolicy")}
            </Link>
            {t("orders.reportRulesAfter")}
          </p>
          <fieldset>
            <legend className="font-medium text-gray-900">{t("orders.whatWentWrong")}</legend>
            {view.kinds.map((kind) => (
              <label key={kind.kind} className="mt-2 flex items-center gap-2">
                <input type="radio" name="kind" value={kind.kind} required defaultChecked={view.kinds.length === 1} />
                <span>
                  {phrase(kind.label)} <span className="text-gray-600">{t("orders.until", { date: kind.until })}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor="report-description" className="block font-medium text-gray-900">
              {t("orders.whatHappened")}
            </label>
            <textarea id="report-description" name="description" required maxLength={MAX_REPORT_TEXT} rows={4} className="mt-1 w-full rounded-sm border border-gray-300 px-3 py-2" />
          </div>
          <div>
            <label htmlFor="report-video" className="block font-medium text-gray-900">
              {t("orders.video")}
              {damagedOffered ? t("orders.videoNeeded") : t("orders.videoOptional")}
            </label>
            <p id="report-video-hint" className="text-gray-600">
              {t("orders.videoHint")}
            </p>
            <input id="report-video" name="video" type="file" accept="video/mp4,video/webm,video/quicktime,video/*" aria-describedby="report-video-hint" className="mt-1 block" />
          </div>
          <div>
            <label htmlFor="report-video-link" className="block font-medium text-gray-900">
              {t("orders.videoLinkField")}
            </label>
            <input
              id="report-video-link"
              name="videoLink"
              type="url"
              inputMode="url"
              maxLength={500}
              pattern="https://.+"
              placeholder="https://"
              className="mt-1 w-full rounded-sm border border-gray-300 px-3 py-2"
            />
          </div>
          <button type="submit" className="rounded-sm bg-black px-6 py-2 text-white">
            {t("orders.sendReport")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
