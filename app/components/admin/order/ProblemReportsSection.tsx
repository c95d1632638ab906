import { Form } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import type { ProblemReport } from "~/lib/problem-reports";
import { Section } from "./Section";

/**
 * "Problem reports" of the order (issue 14 item 3), oldest first, under the anchor #reports: kind,
 * when sent (IST), the description, the uploaded video or video link, and the answer — or a form
 * that posts the answer to /admin/reports/{id}. The page shows it only when there are reports.
 */
export function ProblemReportsSection({ reports, busy }: { reports: SerializeFrom<ProblemReport>[]; busy: boolean }) {
  return (
    <div id="reports">
      <Section id="reports-heading" title="Problem reports">
        <ul className="divide-y divide-gray-200">
          {reports.map((report) => (
            <li key={report.id} className="py-3" data-testid="admin-report">
              <p>
                <span className="font-semibold">{report.kind === "damaged" ? "Damaged product" : "Wrong product"}</span> · sent {formatIstDateTime(report.createdAt)} IST ·{" "}
                {report.status === "open" ? <span className="font-semibold text-red-800">waiting for an answer</span> : "answered"}
              </p>
              <p className="mt-1 whitespace-pre-line">{report.description}</p>
              {report.videoFile && (
                <p className="mt-1">
                  <a href={`/report-videos/${report.id}`} className={adminStyles.link}>
                    Unboxing video (uploaded)
                  </a>
                </p>
              )}
              {report.videoLink && (
                <p className="mt-1 break-all">
                  Video link:{" "}
                  <a href={report.videoLink} className={adminStyles.link} rel="noreferrer noopener nofollow" target="_blank">
                    {report.videoLink}
                  </a>
                </p>
              )}
              {report.status === "answered" ? (
                <p className="mt-2 border-l-4 border-gray-400 pl-3">
                  {report.answer} <span className="text-gray-700">— {report.answeredBy}, {report.answeredAt ? formatIstDateTime(report.answeredAt) : ""}</span>
                </p>
              ) : (
                <Form method="post" action={`/admin/reports/${report.id}`} className="mt-2 space-y-2">
                  <label htmlFor={`answer-${report.id}`} className={adminStyles.label}>
                    Answer (emailed to the shopper and shown on their order page)
                  </label>
                  <textarea id={`answer-${report.id}`} name="answer" required maxLength={2000} rows={3} className={adminStyles.input} />
                  <button type="submit" className={adminStyles.button} disabled={busy}>
                    Send answer
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
