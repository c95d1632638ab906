import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { formatPaise } from "~/lib/money";
import { LOW_STOCK_MAX } from "~/lib/stock";
import type { PeriodFigures } from "~/backend/own/types";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin, the dashboard (issue 12 item 3): today's and this month's orders and revenue (IST),
 * live payments and cash on delivery apart from test payments; the orders waiting to be packed
 * or shipped; double payments waiting for a refund; shown products low in stock and out of stock;
 * while payments are live, the seller's details left empty (issue 25 item 1). Each figure links
 * to the orders or products behind it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request);
  return json({ dashboard: await own.office.loadDashboard() }, { headers: { "cache-control": "private, no-store" } });
}

function Figures({ title, figures, id }: { title: string; figures: PeriodFigures; id: string }) {
  return (
    <section aria-labelledby={id} className={adminStyles.card}>
      <h2 id={id} className={adminStyles.h2}>
        {title}
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-gray-700">Orders</dt>
          <dd className="text-2xl font-semibold text-gray-900">{figures.live.orders}</dd>
        </div>
        <div>
          <dt className="text-gray-700">Revenue</dt>
          <dd className="text-2xl font-semibold text-gray-900">{formatPaise(figures.live.revenuePaise)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-sm text-gray-700">
        Test payments (no real money): {figures.test.orders} {figures.test.orders === 1 ? "order" : "orders"},{" "}
        {formatPaise(figures.test.revenuePaise)}
      </p>
    </section>
  );
}

/** Nothing to post here: 404 for anyone but staff (refuseAdminPost). */
export const action = refuseAdminPost;

export default function AdminDashboard() {
  const { dashboard } = useLoaderData<typeof loader>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Dashboard</h1>
      <p className="mt-1 text-sm text-gray-700">Live payments and cash on delivery; test payments shown apart. Times in IST.</p>
      {dashboard.sellerDetailsMissing.length > 0 ? (
        // Issue 25 item 1: a store taking real money must show these on every page (E-Commerce Rules 2020, rules 4 and 5).
        <div role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-4 text-sm text-red-900" data-testid="seller-details-warning">
          <p className="font-semibold">Live payments are on, but the seller&apos;s details every page must show are not all filled in:</p>
          <ul className="mt-2 list-disc pl-5">
            {dashboard.sellerDetailsMissing.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
          <p className="mt-2">
            <Link to="/admin/settings" className={adminStyles.link}>
              Fill them in at Store settings
            </Link>
          </p>
        </div>
      ) : null}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <Figures title="Today" figures={dashboard.today} id="today-heading" />
        <Figures title="This month" figures={dashboard.month} id="month-heading" />
      </div>
      <section aria-labelledby="work-heading" className="mt-8">
        <h2 id="work-heading" className={adminStyles.h2}>
          Waiting for you
        </h2>
        <ul className="mt-3 grid gap-4 text-sm md:grid-cols-3">
          <li className={adminStyles.card}>
            <Link to="/admin/orders?status=Order+Placed" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.toPack}</span> to pack (Order Placed)
            </Link>
          </li>
          <li className={adminStyles.card}>
            <Link to="/admin/orders?status=Packing" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.toShip}</span> to ship (Packing)
            </Link>
          </li>
          <li className={dashboard.refundsDue > 0 ? `${adminStyles.card} border-red-700` : adminStyles.card}>
            <Link to="/admin/orders?refund=due" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.refundsDue}</span> double{" "}
              {dashboard.refundsDue === 1 ? "payment" : "payments"} to refund
            </Link>
          </li>
          <li className={dashboard.stock.out > 0 ? `${adminStyles.card} border-amber-700` : adminStyles.card} data-testid="stock-line">
            {/* Shown products only, as the counts are (stockSummary), so each list has as many rows as its figure says. */}
            <Link to="/admin/products?stock=low&show=shown" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.stock.low}</span> low in stock ({LOW_STOCK_MAX} or fewer)
            </Link>
            ,{" "}
            <Link to="/admin/products?stock=out&show=shown" className={adminStyles.link}>
              <span className="font-semibold">{dashboard.stock.out}</span> out of stock
            </Link>
          </li>
          <li className={dashboard.grievances.overdue > 0 ? `${adminStyles.card} border-red-700` : adminStyles.card} data-testid="grievances-line">
            <Link to="/admin/grievances" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.grievances.open}</span> {dashboard.grievances.open === 1 ? "grievance" : "grievances"} open,{" "}
              {dashboard.grievances.overdue} overdue
            </Link>
          </li>
          <li className={dashboard.undeclared > 0 ? `${adminStyles.card} border-amber-700` : adminStyles.card} data-testid="declarations-line">
            <Link to="/admin/declarations" className={adminStyles.link}>
              <span className="block text-2xl font-semibold">{dashboard.undeclared}</span> {dashboard.undeclared === 1 ? "product lacks" : "products lack"} Legal
              Metrology declarations
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Dashboard — Back office" }, { name: "robots", content: "noindex, nofollow" }];
