import { useT } from "~/i18n/use-t";

/** What the order page lists of a credit note: its return and number. */
export type CreditNoteLink = { returnId: string; number: string };

/**
 * The GST credit notes of an order's refunded returns (issue 45 item 5; docs/decisions/0986),
 * under its tax invoice on the shopper's order page: each note's number and its PDF download
 * (/orders/:orderId/credit-note/:returnId.pdf). Plain links, no script needed; nothing when the
 * order has none. In the page's language (the `orders` catalogue).
 */
export function CreditNoteLinks({ orderId, notes }: { orderId: string; notes: readonly CreditNoteLink[] }) {
  const { t } = useT();
  if (notes.length === 0) return null;
  return (
    <ul className="mt-4 space-y-3" aria-label={t("orders.creditNotes")}>
      {notes.map((note) => (
        <li key={note.returnId}>
          <p className="text-sm">{t("orders.creditNote", { number: note.number })}</p>
          <a
            href={`/orders/${encodeURIComponent(orderId)}/credit-note/${encodeURIComponent(note.returnId)}.pdf`}
            download
            className="mt-2 inline-block rounded-sm border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50"
          >
            {t("orders.downloadCreditNote", { number: note.number })}
          </a>
        </li>
      ))}
    </ul>
  );
}
