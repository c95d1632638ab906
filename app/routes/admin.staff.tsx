import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { adminStyles } from "~/components/admin/ui";
import { STAFF_ROLES } from "~/constants/staff";
import { BackendError } from "~/lib/errors";
import { readFormData, throwBodyError } from "~/http/body.server";
import { parseStaffForm } from "~/utils/admin-forms.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

const FOR_WHAT = "manage staff roles";

/**
 * /admin/staff (issue 12 "Who gets in"): the owner's list of staff, a form to give an existing
 * account a role, and per member a change of role or its removal. Owners only: a `staff` member
 * gets 403 here and from the action; everyone else 404. Every change is audited (entity "staff").
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const [staff, history] = await Promise.all([own.office.listStaff(), own.office.auditTrail("staff", "roles")]);
  return json({ staff, history }, { headers: { "cache-control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const { own, actor } = await requireStaff(request, { role: "owner", forWhat: FOR_WHAT });
  const formData = await readFormData(request).catch(throwBodyError);
  const submission = parseStaffForm(formData);
  if (submission.status !== "success") {
    return json({ message: Object.values(submission.error ?? {}).flat()[0] ?? "Check the form and try again." }, { status: 400 });
  }
  const value = submission.value;
  try {
    const result = await own.office.setStaffRole({ email: value.email, role: value.intent === "grant" ? value.role : null }, { ...actor, role: "owner" });
    const message = result.after ? `${result.email} is now ${result.after}.` : `${result.email} is a shopper again.`;
    return redirectWithSuccess("/admin/staff", message);
  } catch (error) {
    if (error instanceof BackendError) return json({ message: error.message }, { status: error.status });
    throw error;
  }
}

export default function AdminStaff() {
  const { staff, history } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Staff</h1>
      <p className="mt-1 text-sm text-gray-700">
        Owners manage staff, prices and store settings; staff handle orders and products. A changed role signs the person out: they
        sign in again at /login.
      </p>
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {actionData.message}
        </p>
      )}
      <table className={`${adminStyles.table} mt-6`}>
        <caption className="sr-only">Staff members</caption>
        <thead>
          <tr>
            <th scope="col" className={adminStyles.th}>Email</th>
            <th scope="col" className={adminStyles.th}>Name</th>
            <th scope="col" className={adminStyles.th}>Role</th>
            <th scope="col" className={adminStyles.th}>Change</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {staff.map((member) => (
            <tr key={member.id}>
              <td className={adminStyles.td}>{member.email}</td>
              <td className={adminStyles.td}>{member.name}</td>
              <td className={adminStyles.td}>{member.role}</td>
              <td className={`${adminStyles.td} flex flex-wrap gap-2`}>
                <Form method="post">
                  <input type="hidden" name="intent" value="grant" />
                  <input type="hidden" name="email" value={member.email} />
                  <input type="hidden" name="role" value={member.role === "owner" ? "staff" : "owner"} />
                  <button type="submit" className={adminStyles.secondaryButton}>
                    Make {member.role === "owner" ? "staff" : "owner"}
                    <span className="sr-only"> ({member.email})</span>
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="email" value={member.email} />
                  <button type="submit" className={adminStyles.dangerButton}>
                    Remove role<span className="sr-only"> of {member.email}</span>
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <section aria-labelledby="add-heading" className="mt-10 max-w-md">
        <h2 id="add-heading" className={adminStyles.h2}>
          Add a staff member
        </h2>
        <p className="mt-1 text-sm text-gray-700">The person signs up on the store first; then enter their email here.</p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="grant" />
          <div>
            <label htmlFor="staff-email" className={adminStyles.label}>
              Email
            </label>
            <input id="staff-email" name="email" type="email" required autoComplete="off" className={adminStyles.input} />
          </div>
          <fieldset>
            <legend className={adminStyles.label}>Role</legend>
            <div className="mt-1 flex gap-6 text-sm">
              {STAFF_ROLES.map((role) => (
                <label key={role} className="flex items-center gap-2">
                  <input type="radio" name="role" value={role} defaultChecked={role === "staff"} required /> {role}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={adminStyles.button}>
            Give role
          </button>
        </Form>
      </section>
      <AuditTrail entries={history} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Staff — Back office" }, { name: "robots", content: "noindex, nofollow" }];
