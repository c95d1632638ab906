import { Form, Link } from "~/components/ui/local-links";
import { MAX_REPORT_TEXT, reportPath } from "~/constants/problem-reports";
import type { ReportSectionView } from "~/lib/problem-reports";

/**
 * The order page's "Report a problem" section (issue 14 item 3; DESIGN.md §20; SPEC.md §9): the
 * shopper's reports with their status and our answer; while a kind can be reported, a plain
 * multipart form (what went wrong, a description, an unboxing video file or a link) posting to
 * /orders/:orderId/report, which works without JavaScript; otherwise the sentence why not.
 */
export function ReportProblem({ orderId, view }: { orderId: string; view: ReportSectionView }) {
  const damagedOffered = view.kinds.some((kind) => kind.kind === "damaged");
  return (
    <section id="report" aria-labelledby="report-heading" className="mx-auto max-w-screen-xl px-4 pb-16 text-gray-700 sm:px-[5vw] lg:px-[7vw]" data-testid="report-problem">
      <h2 id="report-heading" className="mb-3 text-lg font-medium text-gray-900">
        Report a problem
      </h2>

      {view.reports.length > 0 ? (
        <ul aria-label="Your reports" className="mb-6 space-y-4">
          {view.reports.map((report) => (
            <li key={report.id} className="rounded border border-gray-300 p-4 text-sm" data-testid="problem-report">
              <p className="font-medium text-gray-900">
                {report.kind} · <span data-testid="problem-report-status">{report.status}</span>
              </p>
              <p className="mt-1 text-gray-600">Sent on {report.sentOn} IST</p>
              <p className="mt-2 whitespace-pre-line">{report.description}</p>
              {report.videoUrl ? (
                <p className="mt-2">
                  <a href={report.videoUrl} className="underline">
                    Your unboxing video
                  </a>
                </p>
              ) : null}
              {report.videoLink ? (
                <p className="mt-2 break-all">
                  Video link:{" "}
                  <a href={report.videoLink} rel="noopener noreferrer nofollow" className="underline">
                    {report.videoLink}
                  </a>
                </p>
              ) : null}
              {report.answer ? (
                <div className="mt-3 border-l-4 border-green-600 bg-green-50 p-3" data-testid="problem-report-answer">
                  <p className="font-medium text-gray-900">Our answer{report.answeredOn ? ` (${report.answeredOn} IST)` : ""}</p>
                  <p className="mt-1 whitespace-pre-line">{report.answer}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}

      {view.reasons.map((reason) => (
        <p key={reason} className="mb-2 text-sm" data-testid="report-reason">
          {reason}
        </p>
      ))}

      {view.kinds.length > 0 ? (
        <Form method="post" action={reportPath(orderId)} encType="multipart/form-data" className="max-w-xl space-y-4 text-sm" data-testid="report-form">
          <p>
            Damaged watches can be reported within 24 hours of delivery with an unboxing video; a wrong product within 48 hours (our{" "}
            <Link to="/return-policy" className="underline">
              return policy
            </Link>
            ).
          </p>
          <fieldset>
            <legend className="font-medium text-gray-900">What went wrong?</legend>
            {view.kinds.map((kind) => (
              <label key={kind.kind} className="mt-2 flex items-center gap-2">
                <input type="radio" name="kind" value={kind.kind} required defaultChecked={view.kinds.length === 1} />
                <span>
                  {kind.label} <span className="text-gray-600">(until {kind.until} IST)</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div>
            <label htmlFor="report-description" className="block font-medium text-gray-900">
              What happened?
            </label>
            <textarea id="report-description" name="description" required maxLength={MAX_REPORT_TEXT} rows={4} className="mt-1 w-full rounded-sm border border-gray-300 px-3 py-2" />
          </div>
          <div>
            <label htmlFor="report-video" className="block font-medium text-gray-900">
              Unboxing video{damagedOffered ? " (needed for a damaged watch)" : " (optional)"}
            </label>
            <p id="report-video-hint" className="text-gray-600">
              An MP4, WebM or MOV file of up to 100 MB, or a link to the video below.
            </p>
            <input id="report-video" name="video" type="file" accept="video/mp4,video/webm,video/quicktime,video/*" aria-describedby="report-video-hint" className="mt-1 block" />
          </div>
          <div>
            <label htmlFor="report-video-link" className="block font-medium text-gray-900">
              Or a link to the video
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
            Send report
          </button>
        </Form>
      ) : null}
    </section>
  );
}
