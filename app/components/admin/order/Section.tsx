import { adminStyles } from "~/components/admin/ui";

/** One titled card of the order page; `id` is its heading's id (the section's accessible name). */
export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={adminStyles.card}>
      <h2 id={id} className={adminStyles.h2}>
        {title}
      </h2>
      <div className="mt-3 text-sm text-gray-800">{children}</div>
    </section>
  );
}
