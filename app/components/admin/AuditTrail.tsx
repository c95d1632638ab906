import type { AuditEntryView } from "~/lib/admin-format";
import { formatIstDateTime } from "~/lib/admin-format";

/** The audit log of one item (issue 12: who, when, what, before/after), newest first. */
export function AuditTrail({ entries }: { entries: AuditEntryView[] }) {
  return (
    <section aria-labelledby="audit-heading" className="mt-10">
      <h2 id="audit-heading" className="text-lg font-semibold text-gray-900">
        Change history
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700">No changes made in the back office yet.</p>
      ) : (
        <ol className="mt-2 divide-y divide-gray-200 border-y border-gray-200 text-sm">
          {entries.map((entry) => (
            <li key={entry.id} className="py-2">
              <p>
                <time dateTime={new Date(entry.at).toISOString()}>{formatIstDateTime(entry.at)}</time> —{" "}
                <span className="font-medium">{entry.actorEmail}</span>: {entry.action}
              </p>
              {entry.changes.length > 0 && (
                <ul className="ml-4 list-disc text-gray-700">
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {change.field}: <span className="line-through">{change.before}</span> → {change.after}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
