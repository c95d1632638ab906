import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Fragment } from "react";
import { isRouteErrorResponse, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { BackLink } from "~/components/admin/BackLink";
import { DeliveryAddressSection } from "~/components/admin/order/DeliveryAddressSection";
import { DoublePaymentsSection } from "~/components/admin/order/DoublePaymentsSection";
import { ItemsSection } from "~/components/admin/order/ItemsSection";
import { MoveOrderSection } from "~/components/admin/order/MoveOrderSection";
import { OrderHeading } from "~/components/admin/order/OrderHeading";
import { PaymentSection } from "~/components/admin/order/PaymentSection";
import { ProblemReportsSection } from "~/components/admin/order/ProblemReportsSection";
import { RefundsSection } from "~/components/admin/order/RefundsSection";
import { ReturnsSection } from "~/components/admin/order/ReturnsSection";
import { ShipmentSection } from "~/components/admin/order/ShipmentSection";
import { TimelineSection } from "~/components/admin/order/TimelineSection";
import { adminStyles } from "~/components/admin/ui";
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
 * AWB), cash on delivery paid, refund, double payments; once invoiced, a link to its tax invoice
 * (PDF, kept after the shopper's account is deleted: issue 25 item 4) and the credit notes of its
 * refunded returns (issue 45 item 5), and its return requests, each linking to its page of steps
 * (/admin/returns/:returnId; issue 45 item 3). The services own every rule
 * (services/orders.server.ts, services/admin-orders.server.ts, services/refunds.server.ts); an unknown id is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const orderId = orderIdOf(params.orderId);
  try {
    const detail = await own.adminOrders.loadAdminOrder(orderId);
    const [reports, invoice, creditNotes, returns] = await Promise.all([
      own.reports.listReports({ orderId }),
      own.invoices.findInvoice(orderId),
      own.creditNotes.listCreditNotes(orderId),
      own.returnsOffice.returnsOfOrder(orderId),
    ]);
    return json({ detail, reports, returns, invoiceNumber: invoice?.number ?? null, creditNotes: creditNotes.map(({ returnId, number }) => ({ returnId, number })), refundKey: own.adminOrders.newRefundKey() }, { headers: { "cache-control": "private, no-store" } });
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

/** The order page: its heading, the action's message, the sections (components/admin/order/) and the audit trail. */
export default function AdminOrder() {
  const { detail, reports, returns, invoiceNumber, creditNotes, refundKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";

  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/orders">All orders</BackLink>
      <OrderHeading detail={detail} />
      {invoiceNumber ? (
        <p className="mt-2 text-sm">
          <a href={`/admin/orders/${detail.order.id}/invoice.pdf`} download className={adminStyles.link}>
            Tax invoice {invoiceNumber} (PDF)
          </a>
          {/* Issue 45 item 5: the GST credit notes of its refunded returns, beside the invoice. */}
          {creditNotes.map((note) => (
            <Fragment key={note.returnId}>
              {" · "}
              <a href={`/admin/orders/${detail.order.id}/credit-note/${note.returnId}.pdf`} download className={adminStyles.link}>
                Credit note {note.number} (PDF)
              </a>
            </Fragment>
          ))}
        </p>
      ) : null}

      {actionData?.message && (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {actionData.message}
        </p>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ItemsSection order={detail.order} />
          <MoveOrderSection detail={detail} busy={busy} />
          {reports.length > 0 && <ProblemReportsSection reports={reports} busy={busy} />}
          {returns.length > 0 && <ReturnsSection returns={returns} />}
          <TimelineSection timeline={detail.timeline} />
          <RefundsSection detail={detail} refundKey={refundKey} busy={busy} />
          {detail.extraPayments.length > 0 && <DoublePaymentsSection extraPayments={detail.extraPayments} busy={busy} />}
        </div>

        <div className="space-y-6">
          <PaymentSection detail={detail} />
          <ShipmentSection shipment={detail.shipment} />
          <DeliveryAddressSection address={detail.order.address} />
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
