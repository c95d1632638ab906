import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AuditTrail } from "~/components/admin/AuditTrail";
import { adminStyles } from "~/components/admin/ui";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { deletionWords, parseStaffPersonalDataForm, personalDataHtml, shopperIdOf } from "~/utils/personal-data.server";
import { requireStaff } from "~/utils/staff.server";
import { redirectWithSuccess } from "~/utils/toast.server";

/**
 * /admin/personal-data (issue 25 item 4; DESIGN.md §23; DPDP Act 2023; docs/decisions/0770): staff
 * find a shopper by email and carry out their request — see their data (the shopper's own readable
 * view), download it (/admin/personal-data/export.json?shopper=<id>), and, an owner only, delete the
 * account after a confirm step (the shopper's email typed again), audited with the owner's id.
 * Viewing and downloading are audited too (entity `user`). Staff and owner. The search is a post
 * and the page of a found shopper is `?shopper=<account id>`: no email address goes into an
 * address bar, a browser's history or the request log (issue 43 item 6).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { own, staff, actor } = await requireStaff(request);
  const shopperId = shopperIdOf(new URL(request.url));
  const headers = { "cache-control": "private, no-store" };
  const base = { canDelete: staff.role === "owner", ...deletionWords() };
  const found = shopperId === null ? null : await own.personalData.findShopperById(shopperId);
  if (!found) return json({ ...base, shopper: null, searched: shopperId !== null }, { headers });
  if (found.deletedAt !== null || found.role) {
    const audit = await own.office.auditTrail("user", String(found.id));
    return json({ ...base, searched: true, shopper: { ...found, html: null, blocked: found.role ? PERSONAL_DATA_MESSAGES.staffAccount : null, audit } }, { headers });
  }
  const [data, openOrders] = await Promise.all([own.personalData.exportPersonalData(found.id), own.personalData.openOrderCount(found.id)]);
  await own.personalData.auditPersonalDataAccess(found.id, "viewed", actor);
  return json(
    {
      ...base,
      searched: true,
      shopper: { ...found, html: personalDataHtml(data), blocked: openOrders > 0 ? PERSONAL_DATA_MESSAGES.openOrderStaff : null, audit: await own.office.auditTrail("user", String(found.id)) },
    },
    { headers },
  );
}

/** The page of shopper `id`: `/admin/personal-data?shopper=<id>`. */
const shopperPage = (id: number) => `/admin/personal-data?shopper=${id}`;

/**
 * `intent=find` (staff and owner): the shopper with `email` → 303 to their page; none → 200 with
 * "No shopper with that email address.". `intent=delete` (owner only: a staff member gets 403)
 * deletes a shopper's account on their request: `userId` and `confirm`, the shopper's email typed
 * again (else 400 "Type the shopper's email address exactly to confirm."). An unfinished order or a
 * staff role 409, a deleted account 410, each with its sentence; success 303 back with a toast.
 * Anything else 400.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { own, staff, actor } = await requireStaff(request);
  const formData = await readFormData(request).catch(throwBodyError);
  const form = parseStaffPersonalDataForm(formData);
  if (form?.intent === "find") {
    const found = await own.personalData.findShopperByEmail(form.email);
    if (found) return redirect(shopperPage(found.id), { status: 303 });
    return json({ error: null, notFound: PERSONAL_DATA_MESSAGES.notFound }, { headers: { "cache-control": "private, no-store" } });
  }
  if (staff.role !== "owner") await requireStaff(request, { role: "owner", forWhat: "delete a shopper's account" });
  if (!form) return json({ error: PERSONAL_DATA_MESSAGES.confirmEmail, notFound: null }, { status: 400 });
  const found = await own.personalData.findShopperByEmail(form.confirm);
  if (!found || found.id !== form.userId) return json({ error: PERSONAL_DATA_MESSAGES.confirmEmail, notFound: null }, { status: 400 });
  try {
    await own.personalData.deleteAccount(found.id, { by: "staff", actor: { ...actor, role: staff.role } });
  } catch (error) {
    if (error instanceof BackendError && [403, 404, 409, 410].includes(error.status)) return json({ error: error.message, notFound: null }, { status: error.status });
    throw error;
  }
  return redirectWithSuccess(shopperPage(found.id), PERSONAL_DATA_MESSAGES.deletedByStaff);
}

export default function AdminPersonalData() {
  const { searched, shopper, canDelete, erased, kept, reason } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className={adminStyles.page}>
      <h1 className={adminStyles.h1}>Personal data</h1>
      <p className="mt-1 max-w-3xl text-sm text-gray-700">
        A shopper&apos;s request under the DPDP Act 2023: find them by email, show or send them their data, or delete their account (owners only). Answer within a month. Every
        view, download and deletion is audited.
      </p>
      <Form method="post" className="mt-4 flex max-w-xl items-end gap-3">
        <input type="hidden" name="intent" value="find" />
        <div className="grow">
          <label htmlFor="email" className={adminStyles.label}>
            Shopper&apos;s email
          </label>
          <input id="email" name="email" type="email" required defaultValue={shopper?.email ?? ""} className={adminStyles.input} />
        </div>
        <button type="submit" className={adminStyles.button}>
          Find
        </button>
      </Form>
      {(searched && !shopper) || answer?.notFound ? <p className="mt-6 text-sm">{PERSONAL_DATA_MESSAGES.notFound}</p> : null}
      {shopper ? (
        <section className="mt-8" aria-labelledby="shopper-heading">
          <h2 id="shopper-heading" className={adminStyles.h2}>
            {shopper.name} &lt;{shopper.email}&gt;
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Account {shopper.id}, created {formatIstDateTime(shopper.createdAt)} IST
            {shopper.deletedAt !== null ? `; deleted ${formatIstDateTime(shopper.deletedAt)} IST — its orders and invoices are kept.` : "."}
          </p>
          {shopper.html ? (
            <>
              <p className="mt-3 text-sm">
                <a href={`/admin/personal-data/export.json?shopper=${shopper.id}`} download className={adminStyles.link}>
                  Download their data (JSON)
                </a>
              </p>
              <div dangerouslySetInnerHTML={{ __html: shopper.html }} />
            </>
          ) : null}
          {shopper.deletedAt === null ? (
            <section className={`${adminStyles.card} mt-10 max-w-3xl`} aria-labelledby="delete-heading">
              <h2 id="delete-heading" className={adminStyles.h2}>
                Delete this account
              </h2>
              <p className="mt-2 text-sm font-medium">Erased:</p>
              <ul className="list-disc pl-5 text-sm">
                {erased.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="mt-2 text-sm font-medium">Kept:</p>
              <ul className="list-disc pl-5 text-sm">
                {kept.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              <p className="mt-2 text-sm">{reason}</p>
              {shopper.blocked ? (
                <p className="mt-3 text-sm font-medium text-red-800">{shopper.blocked}</p>
              ) : canDelete ? (
                <form method="post" className="mt-4 flex flex-col gap-2" aria-label="Delete this account">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="userId" value={shopper.id} />
                  <label htmlFor="confirm" className={adminStyles.label}>
                    To confirm, type the shopper&apos;s email address
                  </label>
                  <input id="confirm" name="confirm" type="email" required autoComplete="off" className={`${adminStyles.input} max-w-md`} aria-invalid={answer?.error ? true : undefined} aria-describedby={answer?.error ? "confirm-error" : undefined} />
                  {answer?.error ? (
                    <p id="confirm-error" role="alert" className={adminStyles.error}>
                      {answer.error}
                    </p>
                  ) : null}
                  <button type="submit" className={`${adminStyles.dangerButton} self-start`}>
                    Delete this account
                  </button>
                </form>
              ) : (
                <p className="mt-3 text-sm">Only an owner can delete an account.</p>
              )}
            </section>
          ) : null}
          <AuditTrail entries={shopper.audit} />
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Personal data — Back office" }, { name: "robots", content: "noindex, nofollow" }];
