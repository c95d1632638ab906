import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { adminStyles } from "~/components/admin/ui";
import { BRANDS, CATEGORIES, SORT_LABELS, SORTS } from "~/constants/store";
import { formatPaise } from "~/lib/money";
import { LOW_STOCK_MAX } from "~/lib/stock";
import { parseAdminProductListParams } from "~/utils/admin-forms.server";
import type { AdminListParams } from "~/backend/own/types";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin/products (issue 12 item 2): every product, hidden ones too, searched and filtered with
 * the /collection URL (`q`, `category`, `brand`, `min`, `max` in whole rupees, `sort`, `page`;
 * app/schemas/collection-params.ts) plus `show` = all | shown | hidden. A price bound is applied only
 * when given (the storefront's default 10,000 would hide dearer watches here), and `stock` = low |
 * out (issue 23: the dashboard's low/out-of-stock line links here). GET only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff } = await requireStaff(request);
  const params = parseAdminProductListParams(new URL(request.url).searchParams);
  const list = await own.products.adminProductList(params);
  return json({ ...list, params, isOwner: staff.role === "owner" }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff (refuseAdminPost). */
export const action = refuseAdminPost;

/** The list's query string for `params` with `page`. */
function listSearch(params: AdminListParams, page: number): string {
  const search = new URLSearchParams();
  if (params.q) search.set("q", params.q);
  for (const category of params.categories) search.append("category", category);
  for (const brand of params.brands) search.append("brand", brand);
  if (params.min !== null) search.set("min", String(params.min));
  if (params.max !== null) search.set("max", String(params.max));
  if (params.sort !== "relevant") search.set("sort", params.sort);
  if (params.visibility !== "all") search.set("show", params.visibility);
  if (params.stock !== "all") search.set("stock", params.stock);
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export default function AdminProducts() {
  const { products, total, page, pageCount, params, isOwner } = useLoaderData<typeof loader>();
  return (
    <div className={adminStyles.page}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className={adminStyles.h1}>Products</h1>
        <div className="flex flex-wrap gap-2">
          {isOwner && (
            <>
              <Link to="/admin/products/new" className={adminStyles.button}>
                New product
              </Link>{" "}
              <Link to="/admin/products/import" className={adminStyles.secondaryButton}>
                Import
              </Link>{" "}
            </>
          )}
          <a href="/admin/products/export.json" className={adminStyles.secondaryButton} download>
            Export
          </a>
        </div>
      </div>

      {/* Keyed by the filters, so a link or Back that changes them (JavaScript on) shows them, not the last ones typed. */}
      <Form key={listSearch(params, 1)} method="get" className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-9" aria-label="Filter products">
        <div className="col-span-2">
          <label htmlFor="filter-q" className={adminStyles.label}>
            Search name
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={params.q} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="filter-category" className={adminStyles.label}>
            Category
          </label>
          <select id="filter-category" name="category" defaultValue={params.categories[0] ?? ""} className={adminStyles.input}>
            <option value="">All</option>
            {CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-brand" className={adminStyles.label}>
            Brand
          </label>
          <select id="filter-brand" name="brand" defaultValue={params.brands[0] ?? ""} className={adminStyles.input}>
            <option value="">All</option>
            {BRANDS.map((brand) => (
              <option key={brand}>{brand}</option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-min" className={adminStyles.label}>
            Min ₹
          </label>
          <input id="filter-min" name="min" type="number" min={0} step={1} inputMode="numeric" defaultValue={params.min ?? ""} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="filter-max" className={adminStyles.label}>
            Max ₹
          </label>
          <input id="filter-max" name="max" type="number" min={0} step={1} inputMode="numeric" defaultValue={params.max ?? ""} className={adminStyles.input} />
        </div>
        <div>
          <label htmlFor="filter-sort" className={adminStyles.label}>
            Sort
          </label>
          <select id="filter-sort" name="sort" defaultValue={params.sort} className={adminStyles.input}>
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-show" className={adminStyles.label}>
            Shown or hidden
          </label>
          <select id="filter-show" name="show" defaultValue={params.visibility} className={adminStyles.input}>
            <option value="all">All</option>
            <option value="shown">Shown</option>
            <option value="hidden">Hidden</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-stock" className={adminStyles.label}>
            Stock
          </label>
          <select id="filter-stock" name="stock" defaultValue={params.stock} className={adminStyles.input}>
            <option value="all">All</option>
            <option value="low">{`Low (1 to ${LOW_STOCK_MAX})`}</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div className="col-span-2 flex items-end gap-2 sm:col-span-4 lg:col-span-9">
          <button type="submit" className={adminStyles.button}>
            Filter
          </button>{" "}
          <Link to="/admin/products" className={adminStyles.link}>
            Clear filters
          </Link>
        </div>
      </Form>

      <p className="mt-6 text-sm text-gray-700" role="status">
        {total === 1 ? "1 product" : `${total.toLocaleString("en-IN")} products`}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : ""}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className={adminStyles.table}>
          <caption className="sr-only">Products</caption>
          <thead>
            <tr>
              <th scope="col" className={adminStyles.th}>
                Picture
              </th>
              <th scope="col" className={adminStyles.th}>
                Name
              </th>
              <th scope="col" className={adminStyles.th}>
                Brand
              </th>
              <th scope="col" className={adminStyles.th}>
                Price
              </th>
              <th scope="col" className={adminStyles.th}>
                Stock
              </th>
              <th scope="col" className={adminStyles.th}>
                Bestseller
              </th>
              <th scope="col" className={adminStyles.th}>
                On the store
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-200">
            {products.map((product) => (
              <tr key={product.id}>
                <td className={adminStyles.td}>
                  {product.images[0] ? <img src={product.images[0]} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover" /> : null}
                </td>
                <td className={adminStyles.td}>
                  <Link to={`/admin/products/${encodeURIComponent(product.id)}`} className={adminStyles.link}>
                    {product.name}
                  </Link>
                  <div className="text-xs text-gray-600">{product.id}</div>
                </td>
                <td className={adminStyles.td}>{product.subCategory}</td>
                <td className={adminStyles.td}>
                  {formatPaise(product.pricePaise)}
                  {product.originalPaise !== null && <div className="text-xs text-gray-600 line-through">{formatPaise(product.originalPaise)}</div>}
                </td>
                <td className={adminStyles.td} data-testid="admin-stock">
                  {product.stock === null || product.stock === undefined ? (
                    <span className="text-gray-600">Not tracked</span>
                  ) : product.stock === 0 ? (
                    <span className="font-medium text-red-800">0 — out of stock</span>
                  ) : product.stock <= LOW_STOCK_MAX ? (
                    <span className="font-medium text-amber-900">{product.stock} — low</span>
                  ) : (
                    product.stock
                  )}
                </td>
                <td className={adminStyles.td}>{product.bestseller ? "Yes" : "No"}</td>
                <td className={adminStyles.td}>{product.hidden ? <span className="font-medium text-red-800">Hidden</span> : "Shown"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 && (
        <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
          {page > 1 && (
            <Link to={listSearch(params, page - 1)} className={adminStyles.link}>
              Previous page
            </Link>
          )}
          {page < pageCount && (
            <Link to={listSearch(params, page + 1)} className={adminStyles.link}>
              Next page
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Products — Back office" }, { name: "robots", content: "noindex, nofollow" }];
