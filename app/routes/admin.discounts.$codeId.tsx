import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { BackLink } from "~/components/admin/BackLink";
import { DiscountCodeForm } from "~/components/admin/DiscountCodeForm";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { codeTerms } from "~/lib/discounts";
import { formatPaise } from "~/lib/money";
import { changeDiscountStatus, discountFormValues, parseDiscountCodeForm, withDiscountFieldError } from "~/utils/discount-form.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/** The code's id from the URL, or null when it cannot be one (404). */
function codeIdOf(param: string | undefined): number | null {
  return param && /^\d{1,12}$/.test(param) ? Number(param) : null;
}

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/**
 * /admin/discounts/:codeId (issue 47 item 1; docs/decisions/1012): one code — its terms, figures
 * (services/discounts-admin listCodes' rule), Pause / Activate, the form with every field, and its
 * change history (audit entity "discount_code"). Staff and owners see it; the form is read-only for
 * `staff` (an owner edits). An unknown id: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const id = codeIdOf(params.codeId);
  const found = id === null ? undefined : await own.discountsAdmin.findCode(id, Date.now());
  if (!found) throw notFound();
  const [history, brands] = await Promise.all([own.office.auditTrail("discount_code", String(found.code.id)), own.discountsAdmin.knownBrands()]);
  return json(
    {
      id: found.code.id,
      code: found.code.code,
      status: found.code.status,
      state: found.state,
      terms: codeTerms(found.code, formatIstDateTime),
      figures: {
        uses: `${found.usesTaken.toLocaleString("en-IN")} / ${found.code.totalLimit === null ? "no limit" : found.code.totalLimit.toLocaleString("en-IN")}`,
        givenBack: found.usesGivenBack,
        revenue: formatPaise(found.revenuePaise),
        discountGiven: formatPaise(found.discountGivenPaise),
      },
      values: discountFormValues(found.code),
      codeLocked: found.hasUses,
      brands,
      isOwner: staff.role === "owner",
      history,
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * Intents: `save` (owners only, 403 for staff: every field, 400 with sentences next to the fields
 * and nothing stored; the code's text changes only while no order has used it) and `status`
 * (pause: staff and owners; activate: owners). 303 back here with a toast; an unknown id 404,
 * another intent 400.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const context = await requireStaff(request);
  const id = codeIdOf(params.codeId);
  if (id === null) throw notFound();
  const formData = await readFormData(request).catch(throwBodyError);
  const intent = formData.get("intent");
  if (intent === "status") return changeDiscountStatus(context, formData, "/admin/discounts/{id}", String(id));
  if (intent !== "save") throw new Response("Unknown intent.", { status: 400, statusText: "Bad Request" });
  const { own, actor, staff } = context;
  if (staff.role !== "owner") throw new Response("Only an owner can edit discount codes (a code lowers prices).", { status: 403, statusText: "Forbidden" });
  const submission = parseDiscountCodeForm(formData);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const saved = await own.discountsAdmin.updateCode(id, submission.value, actor, Date.now());
    if (!saved) throw notFound();
    return redirectWithSuccess(`/admin/discounts/${id}`, saved.changed ? `${saved.code.code} was saved.` : "Nothing had changed.");
  } catch (error) {
    if (error instanceof own.discountsAdmin.DiscountCodeInputError) {
      return json({ result: withDiscountFieldError(submission, error.field, error.message) }, { status: error.status });
    }
    throw error;
  }
}

export default function AdminDiscountCode() {
  const { id, code, status, state, terms, figures, values, codeLocked, brands, isOwner, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/discounts">Discounts</BackLink>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <h1 className={`${adminStyles.h1} font-mono`}>{code}</h1>
        {(status === "active" || isOwner) && (
          <Form method="post">
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={status === "active" ? "paused" : "active"} />
            <button type="submit" className={status === "active" ? adminStyles.dangerButton : adminStyles.button}>
              {status === "active" ? "Pause code" : "Activate code"}
            </button>
          </Form>
        )}
      </div>
      <p className="mt-2 text-sm text-gray-800">{terms.join(" · ")}</p>
      <dl className="mt-4 grid max-w-3xl grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <div>
          <dt className="text-gray-600">State</dt>
          <dd className="font-medium text-gray-900">{state}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Uses / limit</dt>
          <dd className="font-medium text-gray-900">{figures.uses}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Given back</dt>
          <dd className="font-medium text-gray-900">{figures.givenBack}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Revenue</dt>
          <dd className="font-medium text-gray-900">{figures.revenue}</dd>
        </div>
        <div>
          <dt className="text-gray-600">Discount given</dt>
          <dd className="font-medium text-gray-900">{figures.discountGiven}</dd>
        </div>
      </dl>
      {!isOwner && <p className="mt-4 text-sm font-medium text-gray-900">Only an owner can edit a discount code.</p>}
      <DiscountCodeForm
        key={history[0]?.id ?? 0}
        id={`code-${id}`}
        values={values}
        lastResult={actionData?.result}
        brands={brands}
        readOnly={!isOwner}
        codeLocked={codeLocked}
        submitLabel="Save"
      />
      <AuditTrail entries={history} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.code ?? "Discount code"} — Back office` },
  { name: "robots", content: "noindex, nofollow" },
];
