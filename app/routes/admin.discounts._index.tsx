import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatIstDateTime } from "~/lib/admin-format";
import { codeTerms } from "~/lib/discounts";
import { formatPaise } from "~/lib/money";
import { readFormData, throwBodyError } from "~/http/body.server";
import { changeDiscountStatus } from "~/utils/discount-form.server";
import { requireStaff } from "~/utils/staff.server";

/**
 * /admin/discounts (issue 47 item 1; docs/decisions/1012): every discount code, newest first —
 * the code, its terms (lib/discounts codeTerms), its state now, uses taken / total limit, uses
 * given back, revenue and discount given in rupees (services/discounts-admin listCodes says what
 * they count), its dates in IST — with "New code" (owners), the CSV, and Pause / Activate as plain
 * forms. Staff and owners see it; an owner creates, edits and activates codes, staff may pause one.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const codes = await own.discountsAdmin.listCodes(Date.now());
  return json(
    {
      isOwner: staff.role === "owner",
      codes: codes.map((entry) => ({
        id: entry.code.id,
        code: entry.code.code,
        terms: codeTerms(entry.code, formatIstDateTime),
        status: entry.code.status,
        state: entry.state,
        isPublic: entry.code.public,
        uses: `${entry.usesTaken.toLocaleString("en-IN")} / ${entry.code.totalLimit === null ? "no limit" : entry.code.totalLimit.toLocaleString("en-IN")}`,
        givenBack: entry.usesGivenBack,
        revenue: formatPaise(entry.revenuePaise),
        discountGiven: formatPaise(entry.discountGivenPaise),
        starts: entry.code.startsAt === null ? "—" : `${formatIstDateTime(entry.code.startsAt)} IST`,
        ends: entry.code.endsAt === null ? "No end" : `${formatIstDateTime(entry.code.endsAt)} IST`,
      })),
    },
    { headers: { "cache-control": "private, no-store" } },
  );
}

/**
 * The list's Pause / Activate buttons (`intent=status`, `codeId`, `status`): pausing is open to
 * staff and owners, activating to owners only (403 "Only an owner can activate a discount code.").
 * An unknown code 404, a malformed form 400; else 303 back here with a toast. Audited.
 */
export async function action({ request }: ActionFunctionArgs) {
  const context = await requireStaff(request);
  const formData = await readFormData(request).catch(throwBodyError);
  return changeDiscountStatus(context, formData, "/admin/discounts");
}

export default function AdminDiscounts() {
  const { codes, isOwner } = useLoaderData<typeof loader>();
  return (
    <div className={adminStyles.page}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={adminStyles.h1}>Discounts</h1>
        <div className="flex flex-wrap gap-2">
          {isOwner && (
            <Link to="/admin/discounts/new" className={adminStyles.button}>
              New code
            </Link>
          )}
          <a href="/admin/discounts/export.csv" className={adminStyles.secondaryButton} download>
            Export CSV
          </a>
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-gray-700">
        Uses are orders holding a use (cancelled orders and failed or expired payments give theirs back). Revenue is what those
        orders pay after the discount, counted once paid online or for cash on delivery; discount given is the amount taken off
        them. Times are IST. {isOwner ? "" : "Staff may pause a code; only an owner creates, edits or activates one."}
      </p>
      {codes.length === 0 ? (
        <p className="mt-6 text-sm text-gray-700">No discount codes yet.</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className={adminStyles.table}>
            <caption className="sr-only">Discount codes</caption>
            <thead>
              <tr>
                <th scope="col" className={adminStyles.th}>Code</th>
                <th scope="col" className={adminStyles.th}>Terms</th>
                <th scope="col" className={adminStyles.th}>State</th>
                <th scope="col" className={adminStyles.th}>Uses / limit</th>
                <th scope="col" className={adminStyles.th}>Given back</th>
                <th scope="col" className={adminStyles.th}>Revenue</th>
                <th scope="col" className={adminStyles.th}>Discount given</th>
                <th scope="col" className={adminStyles.th}>Starts</th>
                <th scope="col" className={adminStyles.th}>Ends</th>
                <th scope="col" className={adminStyles.th}>Change</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {codes.map((code) => (
                <tr key={code.id}>
                  <td className={adminStyles.td}>
                    <Link to={`/admin/discounts/${code.id}`} className={`${adminStyles.link} font-mono`}>
                      {code.code}
                    </Link>
                    {code.isPublic && <span className="ml-2 rounded bg-gray-200 px-1.5 py-0.5 text-xs">Offers page</span>}
                  </td>
                  <td className={adminStyles.td}>{code.terms.join("; ")}</td>
                  <td className={adminStyles.td}>{code.state}</td>
                  <td className={adminStyles.td}>{code.uses}</td>
                  <td className={adminStyles.td}>{code.givenBack}</td>
                  <td className={adminStyles.td}>{code.revenue}</td>
                  <td className={adminStyles.td}>{code.discountGiven}</td>
                  <td className={adminStyles.td}>{code.starts}</td>
                  <td className={adminStyles.td}>{code.ends}</td>
                  <td className={adminStyles.td}>
                    {(code.status === "active" || isOwner) && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="status" />
                        <input type="hidden" name="codeId" value={code.id} />
                        <input type="hidden" name="status" value={code.status === "active" ? "paused" : "active"} />
                        <button type="submit" className={code.status === "active" ? adminStyles.secondaryButton : adminStyles.button}>
                          {code.status === "active" ? "Pause" : "Activate"}
                          <span className="sr-only"> {code.code}</span>
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Discounts — Back office" }, { name: "robots", content: "noindex, nofollow" }];
