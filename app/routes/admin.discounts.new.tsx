import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BackLink } from "~/components/admin/BackLink";
import { DiscountCodeForm } from "~/components/admin/DiscountCodeForm";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { NEW_CODE_VALUES, parseDiscountCodeForm, withDiscountFieldError } from "~/utils/discount-form.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "create discount codes (a code lowers prices)";

/**
 * /admin/discounts/new (issue 47 item 1; docs/decisions/1012): a new discount code. A code lowers
 * prices, and only an owner sets prices, so owners only: a `staff` member gets 403 here and from
 * the action; everyone else 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  return json({ brands: await own.discountsAdmin.knownBrands(), values: NEW_CODE_VALUES }, { headers: { "cache-control": "private, no-store" } });
}

/**
 * Saves the new code: 400 with a sentence next to each refused field and nothing stored (the
 * form's rules: schemas/discount-codes.ts; a code already taken in any case or spacing, an unknown
 * product id or brand: services/discounts-admin.server.ts); else 303 to the code's page with a
 * toast. One transaction with its audit row.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseDiscountCodeForm(formData);
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    const code = await own.discountsAdmin.createCode(submission.value, actor, Date.now());
    return redirectWithSuccess(`/admin/discounts/${code.id}`, `${code.code} was created.`);
  } catch (error) {
    if (error instanceof own.discountsAdmin.DiscountCodeInputError) {
      return json({ result: withDiscountFieldError(submission, error.field, error.message) }, { status: error.status });
    }
    throw error;
  }
}

export default function NewDiscountCode() {
  const { brands, values } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <BackLink to="/admin/discounts">Discounts</BackLink>
      <h1 className={`${adminStyles.h1} mt-2`}>New discount code</h1>
      <DiscountCodeForm id="new-code" values={values} lastResult={actionData?.result} brands={brands} readOnly={false} submitLabel="Create code" />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "New discount code — Back office" }, { name: "robots", content: "noindex, nofollow" }];
