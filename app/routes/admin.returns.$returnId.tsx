import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { returnPhotoPath } from "~/constants/returns";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { timeLeft } from "~/lib/grievances";
import { formatPaise } from "~/lib/money";
import { RETURN_REJECT_REASONS } from "~/lib/returns";
import { RETURN_REJECT_REASON_WORDS } from "~/lib/returns-office";
import { sizeLabel } from "~/lib/cart-lines";
import { receivedFromForm, returnIdSchema } from "~/schemas/returns-office";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/returns/:returnId (issue 45 items 3, 4; docs/decisions/0984, 0985): one return or
 * exchange request — its lines, reason, photos, deadlines and history — and the form of each step
 * open now, plain HTML forms posting here: approve or reject with a reason, schedule the reverse
 * pickup (courier, AWB), mark received (good and damaged units per line), refund (Cashfree for an
 * online order; for cash on delivery, paid to the shopper's UPI ID or bank account, shown in full
 * on this step only; a Cashfree refund's status checked again) or ship the exchange (courier, AWB,
 * tracking link). The service
 * (services/returns-admin.server.ts) owns every rule; its sentence comes back with its 4xx. An
 * unknown id is a 404. Staff and owner.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const returnId = returnIdOf(params.returnId);
  try {
    const first = await own.returnsOffice.loadAdminReturn(returnId);
    // The COD payout in full only where staff pay it: the refund step.
    const refundStep = first.status === "received" && first.resolution === "refund";
    const detail = refundStep ? await own.returnsOffice.loadAdminReturn(returnId, { revealPayout: true }) : first;
    const audit = (await own.office.auditTrail("order", detail.orderId)).filter((entry) => entry.action.startsWith(`return ${returnId}`));
    return json({ detail, audit, now: Date.now() }, { headers: { "cache-control": "private, no-store" } });
  } catch (error) {
    if (error instanceof BackendError && error.status === 404) throw notFound();
    throw error;
  }
}

function notFound() {
  return new Response("Not Found", { status: 404, statusText: "Not Found" });
}

function returnIdOf(value: string | undefined): string {
  const parsed = returnIdSchema.safeParse(value);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

const NO_STORE = { "cache-control": "private, no-store" };

export async function action({ request, params }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request);
  const returnId = returnIdOf(params.returnId);
  const form = await readFormData(request).catch(throwBodyError);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const intent = text("intent");
  const here = `/admin/returns/${returnId}`;
  try {
    switch (intent) {
      case "approve":
        await own.returnsOffice.approveReturn({ returnId, actor });
        return redirectWithSuccess(here, "Return approved: the shopper is emailed.");
      case "reject":
        await own.returnsOffice.rejectReturn({ returnId, reason: text("reason"), actor });
        return redirectWithSuccess(here, "Return rejected: the shopper is emailed the reason.");
      case "pickup":
        await own.returnsOffice.scheduleReturnPickup({ returnId, pickup: { courier: text("courier"), awbNumber: text("awbNumber") }, actor });
        return redirectWithSuccess(here, "Pickup scheduled: the shopper is emailed the courier and AWB.");
      case "received": {
        const detail = await own.returnsOffice.loadAdminReturn(returnId);
        const parsed = receivedFromForm(form, detail.lines.map((line) => line.lineIndex));
        if (!parsed.success) return json({ intent, message: parsed.error.issues[0]?.message ?? "Check the form and try again." }, { status: 400, headers: NO_STORE });
        await own.returnsOffice.markReturnReceived({ returnId, received: parsed.data, actor });
        return redirectWithSuccess(here, "Marked received and inspected.");
      }
      case "refund": {
        const { refund, creditNoteNumber } = await own.returnsOffice.refundReturn({ returnId, reference: text("reference"), payoutFingerprint: text("payoutFingerprint"), actor });
        return redirectWithSuccess(here, own.returnsOffice.refundedWords(refund, creditNoteNumber));
      }
      case "refresh-refund": {
        // A Cashfree refund's status read back (services/refunds.server.ts refreshRefund; sent again while still REQUESTED).
        const detail = await own.returnsOffice.loadAdminReturn(returnId);
        if (!detail.refund) return json({ intent, message: "This return has no refund yet." }, { status: 409, headers: NO_STORE });
        const refund = await own.adminOrders.refreshRefund({ orderId: detail.orderId, refundId: detail.refund.id, actor });
        return redirectWithSuccess(here, `Refund status: ${refund.status}.`);
      }
      case "exchange":
        await own.returnsOffice.shipReturnExchange({ returnId, shipment: { courier: text("courier"), awbNumber: text("awbNumber"), trackingUrl: text("trackingUrl") }, actor });
        return redirectWithSuccess(here, "Exchange shipped: the shopper is emailed the shipment.");
      default:
        return json({ intent: null, message: "Choose a step." }, { status: 400, headers: NO_STORE });
    }
  } catch (error) {
    if (error instanceof BackendError) {
      if (error.status === 404) throw notFound();
      return json({ intent: intent ?? null, message: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}

/** The request's page: facts, lines, the open step's form, history. */
export default function AdminReturn() {
  const { detail, audit, now } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const final = detail.nextStatuses.length === 0;
  const cod = detail.paymentMethod === "cod";
  return (
    <div className={adminStyles.page}>
      <p className="text-sm">
        <Link to="/admin/returns" className={adminStyles.link}>
          ← Returns
        </Link>
      </p>
      <h1 className={`${adminStyles.h1} mt-2`}>
        Return <span className="font-mono">{detail.id}</span>
      </h1>
      {result?.message ? (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {result.message}
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="font-medium">Status</dt>
        <dd data-testid="return-status">{detail.statusWords}</dd>
        <dt className="font-medium">Order</dt>
        <dd>
          <Link to={`/admin/orders/${encodeURIComponent(detail.orderId)}`} className={adminStyles.link}>
            {detail.orderId}
          </Link>{" "}
          ({cod ? "cash on delivery" : "paid online"}, {detail.paymentStatus})
        </dd>
        <dt className="font-medium">Asked for</dt>
        <dd>
          {detail.resolution === "exchange" ? "Exchange" : "Refund"} — {detail.reason.replace(/_/g, " ")}
          {detail.late ? " (delivered late)" : ""}; language {detail.language === "hi" ? "Hindi" : "English"}
        </dd>
        <dt className="font-medium">Asked</dt>
        <dd>{formatIstDateTime(detail.createdAt)} IST</dd>
        <dt className="font-medium">Acknowledge by (48 h)</dt>
        <dd>
          {formatIstDateTime(detail.acknowledgeBy)} IST — {detail.acknowledgedAt !== null ? `met ${formatIstDateTime(detail.acknowledgedAt)}` : timeLeft(detail.acknowledgeBy, now)}
        </dd>
        <dt className="font-medium">Resolve by (1 month)</dt>
        <dd>
          {formatIstDateTime(detail.resolveBy)} IST — {detail.resolvedAt !== null ? `resolved ${formatIstDateTime(detail.resolvedAt)}` : timeLeft(detail.resolveBy, now)}
        </dd>
        {detail.rejectReasonWords ? (
          <>
            <dt className="font-medium">Rejected because</dt>
            <dd>{detail.rejectReasonWords}</dd>
          </>
        ) : null}
        {detail.pickup ? (
          <>
            <dt className="font-medium">Pickup</dt>
            <dd>
              {detail.pickup.courier}, AWB {detail.pickup.awbNumber}
            </dd>
          </>
        ) : null}
        {detail.exchangeShipment ? (
          <>
            <dt className="font-medium">Exchange shipped</dt>
            <dd>
              {detail.exchangeShipment.courier}, AWB {detail.exchangeShipment.awbNumber}
              {detail.exchangeShipment.trackingUrl ? (
                <>
                  {" "}
                  <a href={detail.exchangeShipment.trackingUrl} className={adminStyles.link} rel="noreferrer noopener" target="_blank">
                    tracking
                  </a>
                </>
              ) : null}
            </dd>
          </>
        ) : null}
        {detail.refund ? (
          <>
            <dt className="font-medium">Refund</dt>
            <dd>
              <span data-testid="return-refund">
                {formatPaise(detail.refund.amountPaise)} {detail.refund.via === "cashfree" ? "through Cashfree" : "made elsewhere"} — {detail.refund.status}
                {detail.refund.reference ? `, reference ${detail.refund.reference}` : ""}
              </span>
              {detail.refund.via === "cashfree" ? (
                <Form method="post" className="mt-1">
                  <input type="hidden" name="intent" value="refresh-refund" />
                  <button type="submit" disabled={busy} className={adminStyles.secondaryButton}>
                    Check status with Cashfree
                  </button>
                </Form>
              ) : null}
            </dd>
          </>
        ) : null}
        {cod && detail.resolution === "refund" && !detail.refund ? (
          <>
            <dt className="font-medium">Shopper's payout details</dt>
            <dd data-testid="return-payout">{detail.payout ?? "Not given yet: the shopper gives a UPI ID or bank account on their order page."}</dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="lines-heading" className="mt-6">
        <h2 id="lines-heading" className={adminStyles.h2}>
          Lines
        </h2>
        <table className={`${adminStyles.table} mt-2`}>
          <caption className="sr-only">Returned lines</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>Watch</th>
              <th scope="col" className={adminStyles.th}>Units</th>
              <th scope="col" className={adminStyles.th}>Paid each</th>
              <th scope="col" className={adminStyles.th}>Received</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {detail.lines.map((line) => (
              <tr key={line.lineIndex}>
                <th scope="row" className={`${adminStyles.td} font-normal`}>
                  {line.name} ({sizeLabel(line.colour)}){line.exchangeColour ? ` → exchange for ${sizeLabel(line.exchangeColour)}` : ""}
                </th>
                <td className={adminStyles.td}>{line.quantity}</td>
                <td className={adminStyles.td}>{formatPaise(line.unitPaise)}</td>
                <td className={adminStyles.td}>{line.receivedGood === null ? "—" : `${line.receivedGood} good, ${line.receivedDamaged} damaged`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {detail.resolution === "refund" ? <p className="mt-2 text-sm">Refund: {formatPaise(detail.refundPaise)} (what was paid for these units; damaged units in full).</p> : null}
      </section>

      <section aria-labelledby="shopper-heading" className="mt-6">
        <h2 id="shopper-heading" className={adminStyles.h2}>
          What the shopper says
        </h2>
        <p className="mt-2 whitespace-pre-line text-sm">{detail.description}</p>
        {detail.photos.length > 0 ? (
          <ul className="mt-2 flex gap-3 text-sm">
            {detail.photos.map((file, index) => (
              <li key={file}>
                <a href={returnPhotoPath(detail.id, file)} className={adminStyles.link}>
                  Photo {index + 1}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {!final ? (
        <section aria-labelledby="step-heading" className="mt-6 max-w-2xl">
          <h2 id="step-heading" className={adminStyles.h2}>
            Next step
          </h2>
          {detail.status === "requested" ? (
            <div className="mt-3 space-y-6">
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" disabled={busy} className={adminStyles.button}>
                  Approve the return
                </button>
              </Form>
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="reject" />
                <label htmlFor="reason" className={adminStyles.label}>
                  Reason for rejecting (emailed to the shopper)
                </label>
                <select id="reason" name="reason" required className={adminStyles.input} defaultValue="">
                  <option value="" disabled>
                    Choose a reason
                  </option>
                  {RETURN_REJECT_REASONS.map((reason) => (
                    <option key={reason} value={reason}>
                      {RETURN_REJECT_REASON_WORDS.en[reason]}
                    </option>
                  ))}
                </select>
                <button type="submit" disabled={busy} className={adminStyles.dangerButton}>
                  Reject the return
                </button>
              </Form>
            </div>
          ) : null}
          {detail.status === "approved" ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="pickup" />
              <CourierFields />
              <button type="submit" disabled={busy} className={adminStyles.button}>
                Schedule the pickup
              </button>
            </Form>
          ) : null}
          {detail.status === "pickup_scheduled" ? (
            <Form method="post" className="mt-3 space-y-3">
              <input type="hidden" name="intent" value="received" />
              <p className="text-sm">Every unit must have come back: good and damaged together make the line's units.</p>
              {detail.lines.map((line) => (
                <fieldset key={line.lineIndex} className="rounded border border-gray-300 p-3">
                  <legend className="text-sm font-medium">
                    {line.name} ({sizeLabel(line.colour)}), {line.quantity} {line.quantity === 1 ? "unit" : "units"}
                  </legend>
                  <div className="flex gap-4">
                    <label className={adminStyles.label}>
                      Good
                      <input type="number" name={`good-${line.lineIndex}`} min={0} max={line.quantity} required defaultValue={line.quantity} className={adminStyles.input} />
                    </label>
                    <label className={adminStyles.label}>
                      Damaged
                      <input type="number" name={`damaged-${line.lineIndex}`} min={0} max={line.quantity} required defaultValue={0} className={adminStyles.input} />
                    </label>
                  </div>
                </fieldset>
              ))}
              <button type="submit" disabled={busy} className={adminStyles.button}>
                Mark received and inspected
              </button>
            </Form>
          ) : null}
          {detail.status === "received" && detail.resolution === "refund" ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="refund" />
              {detail.payoutFingerprint ? <input type="hidden" name="payoutFingerprint" value={detail.payoutFingerprint} /> : null}
              {cod ? (
                <>
                  <p className="text-sm">
                    Pay {formatPaise(detail.refundPaise)} to: <strong data-testid="return-payout-full">{detail.payout ?? "no details given yet"}</strong>, then record it here. The details
                    are erased once the refund is recorded.
                  </p>
                  <label htmlFor="reference" className={adminStyles.label}>
                    Bank or UPI reference (UTR), optional
                  </label>
                  <input id="reference" name="reference" maxLength={100} className={adminStyles.input} />
                </>
              ) : (
                <p className="text-sm">Refunds {formatPaise(detail.refundPaise)} to the shopper's payment through Cashfree.</p>
              )}
              <button type="submit" disabled={busy} className={adminStyles.button}>
                Refund {formatPaise(detail.refundPaise)}
              </button>
            </Form>
          ) : null}
          {detail.status === "received" && detail.resolution === "exchange" ? (
            <Form method="post" className="mt-3 space-y-2">
              <input type="hidden" name="intent" value="exchange" />
              <CourierFields tracking />
              <button type="submit" disabled={busy} className={adminStyles.button}>
                Ship the exchange
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}

      {audit.length > 0 ? (
        <section aria-labelledby="history-heading" className="mt-8">
          <h2 id="history-heading" className={adminStyles.h2}>
            History
          </h2>
          <ul className="mt-2 text-sm">
            {audit.map((entry) => (
              <li key={entry.id}>
                {formatIstDateTime(entry.at)} — {entry.actorEmail}: {entry.action}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function CourierFields({ tracking = false }: { tracking?: boolean }) {
  return (
    <>
      <label htmlFor="courier" className={adminStyles.label}>
        Courier
      </label>
      <input id="courier" name="courier" required maxLength={60} className={adminStyles.input} />
      <label htmlFor="awbNumber" className={adminStyles.label}>
        AWB (tracking) number
      </label>
      <input id="awbNumber" name="awbNumber" required maxLength={40} pattern="[A-Za-z0-9\-]{3,40}" className={adminStyles.input} />
      {tracking ? (
        <>
          <label htmlFor="trackingUrl" className={adminStyles.label}>
            Tracking link (optional)
          </label>
          <input id="trackingUrl" name="trackingUrl" type="url" maxLength={500} className={adminStyles.input} />
        </>
      ) : null}
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Return ${data.detail.id}` : "Return not found"} — Back office` },
  { name: "robots", content: "noindex, nofollow" },
];

/** An unknown return id inside the back office's frame, with the way back to the queue. */
export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className={adminStyles.page}>
      <Link to="/admin/returns" className={adminStyles.link}>
        ← Returns
      </Link>
      <h1 className={`${adminStyles.h1} mt-2`}>{missing ? "No such return" : "Something went wrong"}</h1>
      <p className="mt-2 text-sm text-gray-700">{missing ? "There is no return request with this id." : "The return could not be shown. Try again in a moment."}</p>
    </div>
  );
}
