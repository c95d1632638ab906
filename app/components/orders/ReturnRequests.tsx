import { Link } from "~/components/ui/local-links";
import { returnPath } from "~/constants/returns";
import type { MessageKey } from "~/i18n/catalogues/en.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import type { ReturnRequestView, ReturnSectionView } from "~/lib/return-requests";

/*
 * The shopper's returns and exchanges (issue 45 item 2; DESIGN.md §26; docs/decisions/0982): the
 * order page's section (each request's state in words, its lines, the refund or exchange, the
 * pickup's AWB once set; the link to the form while the window is open, else the sentence why
 * not); the return form is ReturnForm.tsx (its own module: the order page's JavaScript carries
 * none of it, DESIGN.md §17 budget). Words from
 * the `returns` catalogue; the services' sentences through the phrasebook's `returns` group.
 */

/** A colour key as read: "Standard" for the one style of a watch without colours. */
export function useColour() {
  const { t } = useT();
  return (colour: string) => (colour === "default" ? t("returns.standard") : colour);
}

/** The order page's "Returns and exchanges" section; nothing before delivery when there is no request. */
export function ReturnSection({ orderId, view }: { orderId: string; view: ReturnSectionView }) {
  const { t } = useT();
  const phrase = usePhrase();
  if (!view.delivered && view.requests.length === 0) return null;
  return (
    <section id="returns" aria-labelledby="returns-heading" className="mx-auto max-w-screen-xl px-4 pb-12 text-gray-700 sm:px-[5vw] lg:px-[7vw]" data-testid="return-section">
      <h2 id="returns-heading" className="mb-3 text-lg font-medium text-gray-900">
        {t("returns.heading")}
      </h2>
      {view.requests.length > 0 ? <ReturnRequestList requests={view.requests} /> : null}
      {view.open ? (
        <div className="text-sm">
          {view.late ? <p className="mb-2">{t("returns.lateNote")}</p> : null}
          <Link to={returnPath(orderId)} className="inline-block rounded-sm border border-gray-900 px-4 py-2 font-medium text-gray-900 hover:bg-gray-50" data-testid="return-link">
            {t("returns.requestLink")}
          </Link>
        </div>
      ) : view.refusal ? (
        <p className="text-sm" data-testid="return-refusal">
          {phrase(view.refusal)}
        </p>
      ) : null}
    </section>
  );
}

/** The requests, oldest first, each with its state in words. */
export function ReturnRequestList({ requests }: { requests: ReturnRequestView[] }) {
  const { t } = useT();
  const colour = useColour();
  return (
    <ul aria-label={t("returns.yourRequests")} className="mb-6 space-y-4">
      {requests.map((request) => (
        <li key={request.id} className="rounded border border-gray-300 p-4 text-sm" data-testid="return-request">
          <p className="font-medium text-gray-900">
            {t(`returns.resolution_${request.resolution}` as MessageKey)} · {t(`returns.reason_${request.reason}` as MessageKey)}
          </p>
          <p className="mt-1" data-testid="return-status">
            {t(`returns.status_${request.status}` as MessageKey)}
          </p>
          {request.rejectedBecause ? (
            <p className="mt-1" data-testid="return-reject-reason">
              {t("returns.rejectedBecause", { reason: request.rejectedBecause })}
            </p>
          ) : null}
          {request.sentOn ? <p className="mt-1 text-gray-600">{t("returns.sentOn", { date: request.sentOn })}</p> : null}
          <ul className="mt-2 list-disc pl-5">
            {request.lines.map((line) => (
              <li key={line.lineIndex}>
                {t("returns.line", { name: line.name, colour: colour(line.colour), quantity: line.quantity })}
                {line.exchangeColour ? `, ${t("returns.exchangeTo", { colour: line.exchangeColour })}` : null}
              </li>
            ))}
          </ul>
          {request.pickup ? (
            <p className="mt-2" data-testid="return-pickup">
              {t("returns.pickup", { courier: request.pickup.courier, awb: request.pickup.awbNumber })}
            </p>
          ) : null}
          {request.exchangeShipment ? (
            <p className="mt-2">
              {t("returns.exchangeShipment", { courier: request.exchangeShipment.courier, awb: request.exchangeShipment.awbNumber })}
              {request.exchangeShipment.trackingUrl ? (
                <>
                  {" "}
                  <a href={request.exchangeShipment.trackingUrl} rel="noopener noreferrer" className="underline">
                    {t("returns.trackExchange")}
                  </a>
                </>
              ) : null}
            </p>
          ) : null}
          <p className="mt-2 whitespace-pre-line">{request.description}</p>
          {request.photos.length > 0 ? (
            <p className="mt-2 flex gap-3">
              {request.photos.map((url, index) => (
                <a key={url} href={url} className="underline">
                  {t("returns.photo", { n: index + 1 })}
                </a>
              ))}
            </p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
