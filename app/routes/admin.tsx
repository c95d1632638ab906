import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminNav } from "~/components/admin/AdminNav";
import { refuseAdminPost, requireStaff } from "~/utils/staff.server";

/**
 * /admin, the back office's frame (issue 12; DESIGN.md §18): its navigation around every admin
 * page. Only staff get in: anyone else gets the store's ordinary 404 (requireStaff). Child routes'
 * loaders run beside this one, not after it, so each of them, and every action, calls
 * requireStaff again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { staff } = await requireStaff(request);
  return json({ staff }, { headers: { "cache-control": "private, no-store" } });
}

/** Nothing to post here: 404 for anyone but staff (refuseAdminPost). */
export const action = refuseAdminPost;

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <>
      <AdminNav staff={staff} />
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Back office — Chrono India" }, { name: "robots", content: "noindex, nofollow" }];
