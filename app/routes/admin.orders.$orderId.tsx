import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { BackLink } from "~/components/admin/BackLink";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseAdminOrderId, parseOrderActionForm } from "~/utils/admin-forms.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/orders/:orderId (issue 12 item 1): one order — items, address, payment (method, status,
 * Cashfree ids, test or live, payment events), refunds, the status timeline, the shipment, and
 * its actions as HTML forms: move the status (only legal next statuses; Shipped needs courier and
 * AWB), cash on delivery paid, refund, double payments. The services own every rule
 * (services/orders.server.ts, services/admin-orders.server.ts); an unknown id is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const orderId = orderIdOf(params.orderId);
  try {
    const detail = await own.adminOrders.loadAdminOrder(orderId);
    const reports = await own.reports.listReports({ orderId });
    return json({ detail, reports, refundKey: own.adminOrders.newRefundKey() }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    throw error;
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

function orderIdOf(value: string | undefined): string {
  const orderId = parseAdminOrderId(value);
  if (!orderId) throw notFound();
  return orderId;
}

const NO_STORE = { "cache-control": "private, no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const orderId = orderIdOf(params.orderId);
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseOrderActionForm(formData);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Check the form and try again.";
    return json({ message }, { status: 400, headers: NO_STORE });
  }
  const value = submission.value;
  const here = `/admin/orders/${orderId}`;
  try {
    switch (value.intent) {
      case "status": {
        const shipmentGiven = Boolean(value.courier || value.awbNumber || value.trackingUrl);
        const order = await own.adminOrders.setOrderStatus(orderId, value.status, {
          liveCredentials: own.adminOrders.liveCredentials(),
          actor,
          shipment: value.status === "Shipped" || shipmentGiven ? { courier: value.courier, awbNumber: value.awbNumber, trackingUrl: value.trackingUrl } : undefined,
        });
        return redirectWithSuccess(here, `Order ${order.id} is now "${order.status}".`);
      }
      case "cod-paid":
        await own.adminOrders.markCodPaid(orderId, actor);
        return redirectWithSuccess(here, "Cash payment recorded.");
      case "refund": {
        const { refund, replay } = await own.adminOrders.issueRefund({ orderId, key: value.key, amountPaise: value.amount, via: value.via, reference: value.reference, note: value.note, actor });
        const what = refund.via === "cashfree" ? `Refund of ${formatPaise(refund.amountPaise)} sent to Cashfree (${refund.status}).` : `Refund of ${formatPaise(refund.amountPaise)} recorded.`;
        return redirectWithSuccess(here, replay ? `This refund was already made. ${what}` : what);
      }
      case "refresh-refund": {
        const refund = await own.adminOrders.refreshRefund({ orderId, refundId: value.refundId, actor });
        return redirectWithSuccess(here, `Refund status: ${refund.status}.`);
      }
      case "refund-extra":
      case "extra-elsewhere": {
        const how = value.intent === "refund-extra" ? "cashfree" : "elsewhere";
        const reference = value.intent === "extra-elsewhere" ? value.reference : null;
        const { refund } = await own.adminOrders.resolveExtraPayment({ orderId, paymentId: value.paymentId, how, reference, actor });
        return redirectWithSuccess(here, how === "cashfree" ? `Double payment refunded through Cashfree (${refund.status}).` : "Double payment marked as refunded elsewhere.");
      }
      default:
        throw new Response("Bad Request", { status: 400 });
    }
  } catch (error) {
    if (error instanceof BackendError) {
      if (error.status === 404 && error.message.startsWith("No order")) throw notFound();
      return json({ message: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}

const METHOD_LABELS: Record<string, string> = { cod: "Cash on delivery", cashfree: "Cashfree", stripe: "Stripe" };

function rupeesOf(paise: number): string {
  return `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`;
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={adminStyles.card}>
      <h2 id={id} className={adminStyles.h2}>
        {title}
      </h2>
      <div className="mt-3 text-sm text-gray-800">{children}</div>
    </section>
  );
}

function describeEvent(entry: { kind: string; status: string | null; details: Record<string, unknown> | null }): string {
  const d = entry.details ?? {};
  if (entry.kind === "status") {
    const shipment = d.shipment as { courier?: string; awbNumber?: string } | null | undefined;
    return `${entry.status}${shipment?.courier ? ` — ${shipment.courier}, AWB ${shipment.awbNumber}` : ""}`;
  }
  if (entry.kind === "cod_paid") return "Cash on delivery paid";
  if (entry.kind === "refund") return `Refund ${typeof d.amountPaise === "number" ? formatPaise(d.amountPaise) : ""} (${d.via === "cashfree" ? "through Cashfree" : "made elsewhere"})`;
  if (entry.kind === "refund_due_resolved") return `Double payment ${String(d.paymentId ?? "")} ${d.how === "cashfree" ? "refunded through Cashfree" : "marked refunded elsewhere"}`;
  return entry.kind;
}

export default function AdminOrder() {
  const { detail, reports, refundKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { order } = detail;
  const shipNext = detail.nextStatuses.includes("Shipped");
  const openExtras = detail.extraPayments.filter((payment) => !payment.resolution);

  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/orders">All orders</BackLink>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className={`${adminStyles.h1} font-mono`}>{order.id}</h1>
        <span className="rounded bg-gray-900 px-2 py-0.5 text-sm font-semibold text-white">{order.status}</span>
        {detail.testPayment && <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900">Test payment</span>}
        {detail.refundDue && <span className="rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">Refund due</span>}
      </div>
      <p className="mt-1 text-sm text-gray-700">
        Placed {formatIstDateTime(order.createdAt)} IST by {detail.customer ? `${detail.customer.name} (${detail.customer.email})` : "a removed account"} · {formatPaise(order.amountPaise)}
      </p>

      {actionData?.message && (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {actionData.message}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Section id="items-heading" title="Items">
            <ul className="divide-y divide-gray-200">
              {order.items.map((item) => (
                <li key={`${item.productId}-${item.size}`} className="flex items-center gap-3 py-2">
                  {item.image ? <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 rounded border border-gray-200 object-cover" /> : <span className="h-12 w-12 rounded bg-gray-100" />}
                  <div className="flex-1">
                    <p>
                      <span className="font-medium">{item.name}</span>
                      {item.size !== "default" && <span className="text-gray-700"> · {item.size}</span>}
                    </p>
                    <p className="text-xs text-gray-700">
                      {item.quantity} × {formatPaise(item.pricePaise)} · {item.productId}
                    </p>
                  </div>{" "}
                  <p className="tabular-nums">{formatPaise(item.pricePaise * item.quantity)}</p>
                </li>
              ))}
            </ul>
            <p className="mt-2 text-right font-semibold">Total {formatPaise(order.amountPaise)}</p>
          </Section>

          <Section id="actions-heading" title="Move the order">
            {detail.nextStatuses.length === 0 ? (
              <p>
                {order.paymentMethod !== "cod" && order.paymentStatus !== "PAID"
                  ? "This online order is not paid: it does not move."
                  : `"${order.status}" is final: the order does not move any more.`}
              </p>
            ) : (
              <Form method="post" className="space-y-3">
                <input type="hidden" name="intent" value="status" />
                {shipNext && (
                  <fieldset className="grid gap-3 sm:grid-cols-3">
                    <legend className="mb-1 text-sm text-gray-700">Shipment (needed to mark it Shipped)</legend>
                    <div>
                      <label htmlFor="courier" className={adminStyles.label}>
                        Courier
                      </label>
                      <input id="courier" name="courier" maxLength={60} className={adminStyles.input} autoComplete="off" />
                    </div>
                    <div>
                      <label htmlFor="awbNumber" className={adminStyles.label}>
                        AWB number
                      </label>
                      <input id="awbNumber" name="awbNumber" maxLength={40} pattern="[A-Za-z0-9\-]{3,40}" className={adminStyles.input} autoComplete="off" />
                    </div>
                    <div>
                      <label htmlFor="trackingUrl" className={adminStyles.label}>
                        Tracking link (optional)
                      </label>
                      <input id="trackingUrl" name="trackingUrl" type="url" maxLength={500} className={adminStyles.input} autoComplete="off" />
                    </div>
                  </fieldset>
                )}
                <div className="flex flex-wrap gap-2">
                  {detail.nextStatuses.map((status) => (
                    <button
                      key={status}
                      type="submit"
                      name="status"
                      value={status}
                      disabled={busy}
                      className={status === "Cancelled" ? adminStyles.dangerButton : adminStyles.button}
                    >
                      {status === "Cancelled" ? "Cancel order" : `Move to ${status}`}
                    </button>
                  ))}
                </div>
              </Form>
            )}
            {order.paymentMethod === "cod" && order.paymentStatus !== "PAID" && order.status !== "Cancelled" && (
              <Form method="post" className="mt-4 border-t border-gray-200 pt-4">
                <input type="hidden" name="intent" value="cod-paid" />
                <button type="submit" className={adminStyles.secondaryButton} disabled={busy}>
                  Mark cash on delivery paid ({formatPaise(order.amountPaise)})
                </button>
              </Form>
            )}
          </Section>

          {reports.length > 0 && (
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
          )}

          <Section id="timeline-heading" title="Timeline">
            <ol className="space-y-2">
              {detail.timeline.map((entry, index) => (
                <li key={index} className="flex gap-3">
                  <time dateTime={new Date(entry.at).toISOString()} className="w-40 shrink-0 text-gray-700">
                    {formatIstDateTime(entry.at)}
                  </time>{" "}
                  <span>
                    {describeEvent(entry)} <span className="text-gray-700">· {entry.actor}</span>
                  </span>
                </li>
              ))}
            </ol>
          </Section>

          <Section id="refunds-heading" title="Refunds">
            {detail.refunds.length === 0 ? (
              <p>No refunds.</p>
            ) : (
              <table className={adminStyles.table}>
                <caption className="sr-only">Refunds of this order</caption>
                <thead>
                  <tr>
                    <th scope="col" className={adminStyles.th}>Date (IST)</th>
                    <th scope="col" className={`${adminStyles.th} text-right`}>Amount</th>
                    <th scope="col" className={adminStyles.th}>How</th>
                    <th scope="col" className={adminStyles.th}>Status</th>
                    <th scope="col" className={adminStyles.th}>Reference</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {detail.refunds.map((refund) => (
                    <tr key={refund.id}>
                      <td className={adminStyles.td}>{formatIstDateTime(refund.createdAt)}</td>
                      <td className={`${adminStyles.td} text-right tabular-nums`}>{formatPaise(refund.amountPaise)}</td>
                      <td className={adminStyles.td}>
                        {refund.via === "cashfree" ? "Cashfree" : "Elsewhere"}
                        {refund.extraPaymentId && <div className="text-xs text-gray-700">double payment</div>}
                      </td>
                      <td className={adminStyles.td}>
                        {refund.status}
                        {refund.via === "cashfree" && !["SUCCESS", "FAILED", "CANCELLED"].includes(refund.status) && (
                          <Form method="post" className="mt-1">
                            <input type="hidden" name="intent" value="refresh-refund" />
                            <input type="hidden" name="refundId" value={refund.id} />
                            <button type="submit" className="text-xs underline" disabled={busy}>
                              Check status<span className="sr-only"> of refund {refund.id}</span>
                            </button>
                          </Form>
                        )}
                      </td>
                      <td className={`${adminStyles.td} break-all`}>
                        {[refund.reference, refund.gatewayRefundId && `Cashfree ${refund.gatewayRefundId}`, refund.note].filter(Boolean).join(" · ") || "—"}
                        <div className="text-xs text-gray-700">{refund.actorEmail ?? ""}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {detail.refundablePaise > 0 && (
              <Form method="post" key={refundKey} className="mt-4 space-y-3 border-t border-gray-200 pt-4">
                <h3 className="font-semibold">Refund this order</h3>
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="key" value={refundKey} />
                <div className="grid gap-3 sm:grid-cols-3">
                  <div>
                    <label htmlFor="refund-amount" className={adminStyles.label}>
                      Amount in ₹ (at most {formatPaise(detail.refundablePaise)})
                    </label>
                    <input id="refund-amount" name="amount" inputMode="decimal" required pattern="[0-9,]+(\.[0-9]{1,2})?" defaultValue={rupeesOf(detail.refundablePaise)} className={adminStyles.input} />
                  </div>
                  <div>
                    <label htmlFor="refund-reference" className={adminStyles.label}>
                      Reference (optional)
                    </label>
                    <input id="refund-reference" name="reference" maxLength={100} className={adminStyles.input} />
                  </div>
                  <div>
                    <label htmlFor="refund-note" className={adminStyles.label}>
                      Note (optional)
                    </label>
                    <input id="refund-note" name="note" maxLength={500} className={adminStyles.input} />
                  </div>
                </div>
                <fieldset>
                  <legend className={adminStyles.label}>How the money goes back</legend>
                  <div className="mt-1 flex flex-wrap gap-6">
                    {detail.cashfreeRefundable && (
                      <label className="flex items-center gap-2">
                        <input type="radio" name="via" value="cashfree" defaultChecked required /> Through Cashfree (to the shopper&apos;s card or UPI)
                      </label>
                    )}
                    <label className="flex items-center gap-2">
                      <input type="radio" name="via" value="manual" defaultChecked={!detail.cashfreeRefundable} required /> Already refunded elsewhere (bank, UPI, cash): record it
                    </label>
                  </div>
                </fieldset>
                <button type="submit" className={adminStyles.dangerButton} disabled={busy}>
                  Refund
                </button>
              </Form>
            )}
          </Section>

          {detail.extraPayments.length > 0 && (
            <Section id="extra-heading" title="Double payments">
              <p className="mb-2">
                {openExtras.length > 0
                  ? "These payments arrived after the order was already paid. Refund each one, or record that it was refunded elsewhere."
                  : "Every payment that arrived after the order was paid has been dealt with."}
              </p>
              <ul className="divide-y divide-gray-200">
                {detail.extraPayments.map((payment) => (
                  <li key={payment.paymentId} className="py-2">
                    <p>
                      <span className="font-mono">{payment.paymentId}</span> · {payment.amountPaise === null ? "amount unknown" : formatPaise(payment.amountPaise)} · {payment.instrument ?? payment.source} ·{" "}
                      {formatIstDateTime(payment.at)}
                    </p>
                    {payment.resolution ? (
                      <p className="text-gray-700">
                        {payment.resolution === "refunded" ? "Refunded through Cashfree" : "Refunded elsewhere"}
                        {payment.reference ? ` (${payment.reference})` : ""} by {payment.resolvedBy}
                      </p>
                    ) : (
                      <div className="mt-1 flex flex-wrap items-end gap-3">
                        {payment.amountPaise !== null && payment.instrument && (
                          <Form method="post">
                            <input type="hidden" name="intent" value="refund-extra" />
                            <input type="hidden" name="paymentId" value={payment.paymentId} />
                            <button type="submit" className={adminStyles.dangerButton} disabled={busy}>
                              Refund {formatPaise(payment.amountPaise)} through Cashfree<span className="sr-only"> (payment {payment.paymentId})</span>
                            </button>
                          </Form>
                        )}
                        <Form method="post" className="flex items-end gap-2">
                          <input type="hidden" name="intent" value="extra-elsewhere" />
                          <input type="hidden" name="paymentId" value={payment.paymentId} />
                          <div>
                            <label htmlFor={`extra-ref-${payment.paymentId}`} className={adminStyles.label}>
                              Reference (optional)
                            </label>
                            <input id={`extra-ref-${payment.paymentId}`} name="reference" maxLength={100} className={adminStyles.input} />
                          </div>
                          <button type="submit" className={adminStyles.secondaryButton} disabled={busy}>
                            Mark as refunded elsewhere<span className="sr-only"> (payment {payment.paymentId})</span>
                          </button>
                        </Form>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            </Section>
          )}
        </div>

        <div className="space-y-6">
          <Section id="payment-heading" title="Payment">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-medium">Method</dt>
              <dd>{METHOD_LABELS[order.paymentMethod] ?? order.paymentMethod}</dd>
              <dt className="font-medium">Status</dt>
              <dd>{order.paymentStatus}</dd>
              <dt className="font-medium">Money</dt>
              <dd>{order.paymentMethod === "cod" ? "Cash" : detail.testPayment ? `Test payment: no real money${detail.gatewayMode ? "" : " (mode not recorded)"}` : "Live"}</dd>
              <dt className="font-medium">Instrument</dt>
              <dd className="break-all font-mono text-xs">{detail.gatewayRef ?? "—"}</dd>
              <dt className="font-medium">Paid by</dt>
              <dd className="break-all font-mono text-xs">{detail.paidBy ?? "—"}</dd>
            </dl>
            <h3 className="mt-3 font-semibold">Payment events</h3>
            {detail.paymentEvents.length === 0 ? (
              <p>None.</p>
            ) : (
              <ul className="mt-1 space-y-1 text-xs">
                {detail.paymentEvents.map((event) => (
                  <li key={event.eventId} className="break-all">
                    {formatIstDateTime(event.receivedAt)} · {event.kind} · <span className="font-mono">{event.eventId}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section id="shipment-heading" title="Shipment">
            {detail.shipment ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-medium">Courier</dt>
                <dd>{detail.shipment.courier}</dd>
                <dt className="font-medium">AWB</dt>
                <dd className="font-mono">{detail.shipment.awbNumber}</dd>
                {detail.shipment.trackingUrl && (
                  <>
                    <dt className="font-medium">Tracking</dt>
                    <dd className="break-all">
                      <a href={detail.shipment.trackingUrl} className={adminStyles.link} rel="noreferrer noopener" target="_blank">
                        {detail.shipment.trackingUrl}
                      </a>
                    </dd>
                  </>
                )}
              </dl>
            ) : (
              <p>Not shipped yet.</p>
            )}
          </Section>

          <Section id="address-heading" title="Delivery address">
            <address className="not-italic">
              {order.address.firstName} {order.address.lastName}
              <br />
              {order.address.street}
              <br />
              {order.address.city}, {order.address.state} {order.address.zipcode}
              <br />
              {order.address.country}
              <br />
              {order.address.phone} · {order.address.email}
            </address>
          </Section>
        </div>
      </div>

      <AuditTrail entries={detail.audit} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Order ${data.detail.order.id}` : "Order not found"} — Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

/**
 * An unknown order id (or a failure) inside the back office's frame, with the way back to the list.
 * Not the storefront's ErrorPage: sharing it would split it out of the storefront's root bundle.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/orders">All orders</BackLink>
      <h1 className={`${adminStyles.h1} mt-2`}>{notFound ? "No such order" : "Something went wrong"}</h1>
      <p className="mt-2 text-sm text-gray-700">
        {notFound ? "There is no order with this id. Search the order list by id, email or phone." : "The order could not be shown. Try again in a moment."}
      </p>
    </div>
  );
}
