import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { ORDER_STATUSES } from "~/constants/store";
import { formatIstDateTime } from "~/lib/admin-format";
import { formatPaise } from "~/lib/money";
import type { AdminOrdersFilter } from "~/schemas/admin-orders";
import { parseAdminOrdersFilter } from "~/utils/admin-forms.server";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/orders (issue 12 item 1): the orders, 50 a page, newest first, with a GET form of
 * filters kept in the URL (status, payment method, payment status, test or live, IST date range,
 * search by order id / email / phone, refunds due). Bad filter values are ignored, never a 400.
 * Links to the CSV export of the same date range.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  const filter = parseAdminOrdersFilter(new URL(request.url).searchParams);
  const page = await own.adminOrders.listAdminOrders(filter);
  return json({ filter, page }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff. */
export const action = refuseAdminPost;

const METHOD_LABELS: Record<string, string> = { cod: "Cash on delivery", cashfree: "Cashfree", stripe: "Stripe" };

function searchOf(filter: AdminOrdersFilter, overrides: Partial<Record<keyof AdminOrdersFilter, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, ...overrides })) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

function exportHref(filter: AdminOrdersFilter): string {
  const params = new URLSearchParams();
  if (filter.from) params.set("from", filter.from);
  if (filter.to) params.set("to", filter.to);
  if (filter.mode === "test") params.set("mode", "test");
  const text = params.toString();
  return `/admin/orders/export.csv${text ? `?${text}` : ""}`;
}

function Select({ name, label, value, options }: { name: string; label: string; value: string | undefined; options: [string, string][] }) {
  return (
    <div>
      <label htmlFor={`filter-${name}`} className={adminStyles.label}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={value ?? ""} className={adminStyles.input}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function AdminOrders() {
  const { filter, page } = useLoaderData<typeof loader>();
  const formKey = JSON.stringify(filter);
  return (
    <div className={adminStyles.page}>
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className={adminStyles.h1}>Orders</h1>
        <a href={exportHref(filter)} className={adminStyles.link} download>
          Export CSV{filter.from || filter.to ? ` (${filter.from ?? "start"} to ${filter.to ?? "today"})` : " (all dates)"}
          {filter.mode === "test" ? ", test payments" : ""}
        </a>
      </div>

      <Form method="get" key={formKey} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8" aria-label="Filter orders">
        <div className="col-span-2">
          <label htmlFor="filter-q" className={adminStyles.label}>
            Order id, email or phone
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={filter.q ?? ""} className={adminStyles.input} />
        </div>
        <Select name="status" label="Status" value={filter.status} options={[["", "Any"], ...ORDER_STATUSES.map((s): [string, string] => [s, s])]} />
        <Select name="method" label="Method" value={filter.method} options={[["", "Any"], ["cashfree", "Cashfree"], ["cod", "Cash on delivery"]]} />
        <Select
          name="payment"
          label="Payment"
          value={filter.payment}
          options={[["", "Paid or COD"], ["PAID", "Paid"], ["PENDING", "Pending"], ["FAILED", "Failed"]]}
        />
        <Select name="mode" label="Money" value={filter.mode} options={[["", "Test and live"], ["live", "Live"], ["test", "Test payments"]]} />
        <div>
          <label htmlFor="filter-from" className={adminStyles.label}>
            From (IST)
          </label>
          <input id="filter-from" name="from" type="date" defaultValue={filter.from ?? ""} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="filter-to" className={adminStyles.label}>
            To (IST)
          </label>
          <input id="filter-to" name="to" type="date" defaultValue={filter.to ?? ""} className={adminStyles.input} />
        </div>
        <label className="col-span-2 flex items-center gap-2 text-sm text-gray-800">
          <input type="checkbox" name="refund" value="due" defaultChecked={filter.refund === "due"} /> Only orders with a refund due
        </label>
        <div className="col-span-2 flex items-end gap-3">
          <button type="submit" className={adminStyles.button}>
            Filter
          </button>{" "}
          <Link to="/admin/orders" className={adminStyles.link}>
            Clear
          </Link>
        </div>
      </Form>

      <p className="mt-6 text-sm text-gray-700">
        {page.total === 0 ? "No orders match." : `${page.total} ${page.total === 1 ? "order" : "orders"}, page ${page.page} of ${page.pageCount}.`}
      </p>
      {page.rows.length > 0 && (
        <div className="mt-2 overflow-x-auto">
          <table className={adminStyles.table}>
            <caption className="sr-only">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col" className={adminStyles.th}>Order</th>
                <th scope="col" className={adminStyles.th}>Date (IST)</th>
                <th scope="col" className={adminStyles.th}>Customer</th>
                <th scope="col" className={`${adminStyles.th} text-right`}>Amount</th>
                <th scope="col" className={adminStyles.th}>Method</th>
                <th scope="col" className={adminStyles.th}>Payment</th>
                <th scope="col" className={adminStyles.th}>Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {page.rows.map((row) => (
                <tr key={row.id}>
                  <td className={adminStyles.td}>
                    <Link to={`/admin/orders/${row.id}`} className={`${adminStyles.link} font-mono`}>
                      {row.id}
                    </Link>
                  </td>
                  <td className={`${adminStyles.td} whitespace-nowrap`}>{formatIstDateTime(row.createdAt)}</td>
                  <td className={adminStyles.td}>
                    <div>{row.customerName}</div>
                    <div className="text-xs text-gray-700">{row.customerEmail}</div>
                  </td>
                  <td className={`${adminStyles.td} text-right tabular-nums`}>{formatPaise(row.amountPaise)}</td>
                  <td className={adminStyles.td}>{METHOD_LABELS[row.paymentMethod] ?? row.paymentMethod}</td>
                  <td className={adminStyles.td}>
                    {row.paymentStatus}
                    {row.testPayment && <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Test payment</span>}
                    {row.refundDue && <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs font-semibold text-red-900">Refund due</span>}
                  </td>
                  <td className={adminStyles.td}>{row.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.pageCount > 1 && (
        <nav aria-label="Pages of orders" className="mt-4 flex gap-4 text-sm">
          {page.page > 1 && (
            <Link to={searchOf(filter, { page: page.page - 1 })} className={adminStyles.link}>
              Previous page
            </Link>
          )}
          {page.page < page.pageCount && (
            <Link to={searchOf(filter, { page: page.page + 1 })} className={adminStyles.link}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Orders — Back office" }, { name: "robots", content: "noindex, nofollow" }];
