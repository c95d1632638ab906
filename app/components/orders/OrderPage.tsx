import { Link } from "~/components/ui/local-links";
import { Fragment, type ReactNode } from "react";
import { CreditNoteLinks, type CreditNoteLink } from "~/components/orders/CreditNoteLinks";
import { Separator } from "~/components/ui/Separator";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import type { OrderPageView, PageDate } from "~/lib/order-page";
import { ORDER_MESSAGES } from "~/schemas/order-constants";

/**
 * The shopper's order page (issue 14 item 1; DESIGN.md §20): the order's items with pictures,
 * totals, delivery address, payment ("Test payment" when no real money moved), the promised
 * window while on its way, the status timeline as an ordered list (the current step marked
 * aria-current="step"), once shipped, the courier, AWB number and tracking link and, once issued,
 * the GST tax invoice's download (`invoiceNumber`, issue 14 item 2) with the credit notes of
 * refunded returns under it (`creditNotes`, issue 45 item 5). Plain HTML:
 * links only, no script needed. In the page's language (issue 27): the view's words come made by
 * the loader, the labels from the `orders` catalogue.
 */
export function OrderPage({ view, invoiceNumber = null, creditNotes = [] }: { view: OrderPageView; invoiceNumber?: string | null; creditNotes?: readonly CreditNoteLink[] }) {
  const { t } = useT();
  const phrase = usePhrase();
  return (
    <div className="mx-auto max-w-screen-xl border-t px-4 pb-16 pt-14 text-gray-700 sm:px-[5vw] lg:px-[7vw]">
      <p className="mb-4 text-sm">
        <Link to="/orders" className="text-gray-600 underline hover:text-gray-900">
          {t("orders.backToOrders")}
        </Link>
      </p>
      <h1 className="text-2xl font-medium text-gray-900">{t("orders.order", { id: view.id })}</h1>
      <p className="mt-2 text-sm">
        {t("orders.placedOn")} <PageTime date={view.placedOn} />
      </p>
      <p className="mt-1 flex items-center gap-2 text-sm sm:text-base" data-testid="order-page-status">
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
        {t("orders.status")} <span className="font-medium text-gray-900">{view.status}</span>
      </p>
      {view.delivery ? (
        <p className="mt-1 text-sm sm:text-base" data-testid="order-page-delivery">
          {t("orders.expectedDelivery")} <span className="text-gray-600">{view.delivery}</span>
        </p>
      ) : null}

      <div className="mt-10 grid gap-10 lg:grid-cols-[3fr_2fr]">
        <div>
          <Section title={t("orders.items")}>
            <ul aria-label={t("orders.itemsInOrder")} className="border-t">
              {view.items.map((item) => (
                <li key={item.key} className="flex items-start gap-6 border-b py-4 text-sm" data-testid="order-page-item">
                  <img src={item.image} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 shrink-0 rounded bg-gray-50 object-cover" />
                  <div>
                    <p className="font-medium text-gray-900 sm:text-base">
                      <Link to={`/product/${item.productId}`} className="hover:underline">
                        {item.name}
                      </Link>
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-x-2">
                      {item.details.map((detail, index) => (
                        <Fragment key={detail}>
                          {index > 0 ? <Separator visible /> : null}
                          <span>{detail}</span>
                        </Fragment>
                      ))}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <dl className="mt-4 grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" data-testid="order-page-totals">
              <dt>{t("orders.subtotal")}</dt>
              <dd className="text-right">{view.totals.subtotal}</dd>
              <dt>{t("orders.delivery")}</dt>
              <dd className="text-right">{view.totals.delivery}</dd>
              {view.totals.discount ? (
                <>
                  <dt data-testid="order-page-discount-label">{view.totals.discount.label}</dt>
                  <dd className="text-right" data-testid="order-page-discount">
                    {view.totals.discount.amount}
                  </dd>
                </>
              ) : null}
              <dt className="font-medium text-gray-900">{t("orders.total")}</dt>
              <dd className="text-right font-medium text-gray-900">{view.totals.total}</dd>
            </dl>
          </Section>

          <Section title={t("orders.deliveryAddress")}>
            <address className="text-sm not-italic leading-6" data-testid="order-page-address">
              {view.address.map((line) => (
                <Fragment key={line}>
                  {line}
                  <br />
                </Fragment>
              ))}
            </address>
          </Section>

          <Section title={t("orders.paymentSection")}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="order-page-payment">
              <dt>{t("orders.method")}</dt>
              <dd className="text-gray-900">{view.payment.method}</dd>
              <dt>{t("orders.paymentStatus")}</dt>
              <dd className="text-gray-900">
                {view.payment.status}
                {view.payment.testPayment ? " " : null}
                {view.payment.testPayment ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900" data-testid="test-payment">
                    {phrase(ORDER_MESSAGES.testPayment)}
                  </span>
                ) : null}
              </dd>
            </dl>
          </Section>
        </div>

        <div>
          <Section title={t("orders.orderStatus")}>
            <ol aria-label={t("orders.orderStatus")} className="border-l border-gray-300 pl-5" data-testid="order-timeline">
              {view.timeline.map((step) => (
                <li
                  key={step.key}
                  aria-current={step.current ? "step" : undefined}
                  className={`relative pb-5 text-sm last:pb-0 ${step.reached ? "text-gray-900" : "text-gray-600"}`}
                >
                  <span
                    aria-hidden="true"
                    className={`absolute -left-[1.6rem] top-1 h-3 w-3 rounded-full border-2 ${step.reached ? "border-green-600 bg-green-600" : "border-gray-400 bg-white"}`}
                  />
                  <span className={step.current ? "font-semibold" : undefined}>{step.label}</span>
                  {step.date ? (
                    <>
                      {" "}
                      <span className="text-gray-600">
                        <StepDate words={t("orders.stepOn")} date={step.date} />
                      </span>
                    </>
                  ) : step.reached ? null : (
                    <span className="text-gray-600"> {t("orders.notYet")}</span>
                  )}
                </li>
              ))}
            </ol>
          </Section>

          {view.shipment ? (
            <Section title={t("orders.shipment")}>
              <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="order-page-shipment">
                <dt>{t("orders.courier")}</dt>
                <dd className="text-gray-900">{view.shipment.courier}</dd>
                <dt>{t("orders.awbNumber")}</dt>
                <dd className="text-gray-900">{view.shipment.awbNumber}</dd>
              </dl>
              {view.shipment.trackingUrl ? (
                <a
                  href={view.shipment.trackingUrl}
                  rel="noopener noreferrer"
                  className="mt-4 inline-block rounded-sm border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50"
                >
                  {t("orders.trackParcel")}
                </a>
              ) : null}
            </Section>
          ) : null}

          {invoiceNumber ? (
            <Section title={t("orders.taxInvoice")}>
              <p className="text-sm">{t("orders.invoice", { number: invoiceNumber })}</p>
              <a
                href={`/orders/${encodeURIComponent(view.id)}/invoice.pdf`}
                download
                className="mt-3 inline-block rounded-sm border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-50"
              >
                {t("orders.downloadInvoice")}
              </a>
              <CreditNoteLinks orderId={view.id} notes={creditNotes} />
            </Section>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mb-10">
      <h2 className="mb-3 text-lg font-medium text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

function PageTime({ date }: { date: PageDate }) {
  return <time dateTime={date.dateTime}>{date.text}</time>;
}

/** A timeline step's date in its sentence ("on {date}" / "{date} को"), the date a `<time>`. */
function StepDate({ words, date }: { words: string; date: PageDate }) {
  const [before, after = ""] = words.split("{date}");
  return (
    <>
      {before}
      <PageTime date={date} />
      {after}
    </>
  );
}
