import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { DeliveryRulesForm } from "~/components/admin/DeliveryRulesForm";
import { adminStyles } from "~/components/admin/ui";
import { getEnv } from "~/config/env.server";
import { readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { formatPaise } from "~/lib/money";
import { DELIVERY_ZONE_LABELS } from "~/schemas/delivery";
import { deliveryFormValues, parseDeliveryCheckParams, parseDeliveryRulesForm } from "~/utils/admin-forms.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "change the delivery rules";

/**
 * /admin/delivery (issue 13 item 2; DESIGN.md §19): the delivery rules — processing days, days and
 * cash on delivery by zone, metro places, remote states, places not served, the largest COD order,
 * holidays — for staff to read and the owner to change; "Check a PIN code" (GET `?pin=&amount=`,
 * whole rupees, ₹1,000 by default) shows what a shopper is told; the PIN directory's source and
 * size; the rules' change history (audit entity "delivery", id "rules").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const check = parseDeliveryCheckParams(new URL(request.url).searchParams);
  const codEnabled = getEnv().ENABLE_COD;
  const [rules, history, answer] = await Promise.all([
    own.delivery.readDeliveryRules(),
    own.office.auditTrail("delivery", "rules"),
    check.pin === null ? null : own.delivery.checkDelivery(check.pin, { amountPaise: check.amountPaise, codEnabled }),
  ]);
  return json(
    {
      values: deliveryFormValues(rules),
      codMax: formatPaise(rules.codMaxPaise),
      canEdit: staff.role === "owner",
      codEnabled,
      directory: own.delivery.pinDirectoryInfo(),
      zoneLabels: DELIVERY_ZONE_LABELS,
      history,
      check: {
        pin: check.pin ?? "",
        amount: String(check.amountRupees),
        answer: answer && {
          message: answer.message,
          zone: answer.kind === "deliverable" ? DELIVERY_ZONE_LABELS[answer.zone] : null,
          cod: answer.kind === "deliverable" ? answer.cod.message : null,
        },
      },
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Saves the form (owner only: staff get 403 "Only an owner can change the delivery rules.", anyone
 * else 404). A refusal answers 400 with a sentence per field and the values as entered, nothing
 * written; a save is one transaction with its audit row, then 303 back here with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request).catch(throwBodyError);
  const parsed = parseDeliveryRulesForm(formData);
  if (!parsed.ok) return json({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const before = await own.delivery.readDeliveryRules();
  if (JSON.stringify(before) === JSON.stringify(parsed.rules)) return redirectWithSuccess("/admin/delivery", "Nothing had changed.");
  try {
    await own.delivery.saveDeliveryRules(parsed.rules, actor);
  } catch (error) {
    if (error instanceof BackendError) return json({ errors: { processingMin: error.message }, values: parsed.values }, { status: 400 });
    throw error;
  }
  return redirectWithSuccess("/admin/delivery", "Delivery rules saved.");
}

export default function AdminDelivery() {
  const { values, codMax, canEdit, codEnabled, directory, zoneLabels, history, check } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Delivery</h1>
      <div className="mt-2 max-w-3xl space-y-1 text-sm text-gray-700">
        <p>
          The promise shoppers see on product pages, the cart and checkout: processing days, then the zone&apos;s delivery days, counted
          in business days — Monday to Saturday, minus the holidays listed below. Dates and times are IST (India Standard Time).
        </p>
        <p>
          Cash on delivery is offered where the zone allows it and the order is at most {codMax}, and only while the store&apos;s
          ENABLE_COD setting is on. It is <strong className="text-gray-900">{codEnabled ? "on" : "off"}</strong> now.
        </p>
        <p>
          PIN directory: {directory.count.toLocaleString("en-IN")} PIN codes from {directory.source}.
        </p>
        {!canEdit && <p className="font-medium text-gray-900">Only an owner can change the delivery rules.</p>}
      </div>

      <section aria-labelledby="check-heading" className={`${adminStyles.card} mt-6 max-w-3xl`}>
        <h2 id="check-heading" className={adminStyles.h2}>
          Check a PIN code
        </h2>
        <Form method="get" className="mt-2 flex flex-wrap items-end gap-4">
          <div>
            <label htmlFor="check-pin" className={adminStyles.label}>
              PIN code
            </label>
            <input id="check-pin" name="pin" type="text" inputMode="numeric" autoComplete="off" maxLength={12} defaultValue={check.pin} className={`${adminStyles.input} w-32`} />
          </div>
          <div>
            <label htmlFor="check-amount" className={adminStyles.label}>
              Order amount (₹)
            </label>
            <input id="check-amount" name="amount" type="text" inputMode="numeric" defaultValue={check.amount} className={`${adminStyles.input} w-32`} />
          </div>
          <button type="submit" className={adminStyles.secondaryButton}>
            Check
          </button>
        </Form>
        {check.answer && (
          <div className="mt-3 text-sm" role="status" aria-label="What the shopper is told">
            <p className="font-medium text-gray-900">{check.answer.message}</p>
            {check.answer.zone && <p className="text-gray-700">Zone: {check.answer.zone}</p>}
            {check.answer.cod && <p className="text-gray-700">{check.answer.cod}</p>}
          </div>
        )}
      </section>

      <h2 className={`${adminStyles.h2} mt-8`}>Rules</h2>
      <DeliveryRulesForm
        key={history[0]?.id ?? 0}
        values={actionData?.values ?? values}
        errors={actionData?.errors ?? {}}
        zoneLabels={zoneLabels}
        readOnly={!canEdit}
      />
      <AuditTrail entries={history} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Delivery — Back office" }, { name: "robots", content: "noindex, nofollow" }];
