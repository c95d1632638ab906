import { Fragment } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { FormAlert, accountInputClass } from "~/components/account/AccountField";
import { readFormData, throwBodyError } from "~/http/body.server";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { EMAIL_MAX, NAME_MAX } from "~/schemas/account-rules";
import { ACKNOWLEDGE_HOURS, GRIEVANCE_MESSAGES, GRIEVANCE_SUBJECTS, GRIEVANCE_TEXT_MAX, GRIEVANCE_TEXT_MIN, RESOLVE_DAYS } from "~/schemas/grievance-constants";
import { grievanceAllowed, grievanceFiler, grievancesOwn, parseGrievanceForm } from "~/utils/grievances.server";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeSellerDetails } from "~/utils/seller-details.server";
import type { SellerDetails } from "~/lib/seller-details";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * /grievance (issue 25 item 3; DESIGN.md §23; Consumer Protection (E-Commerce) Rules 2020): the
 * grievance officer and the complaint form — name, email (the account's, fixed, for a signed-in
 * shopper), an optional order number (`?order=` prefills it from the order page), a subject from
 * a fixed list and the text. A plain POST: filed, it answers 303 to the complaint's follow page,
 * which says the ticket and what happens next; a problem, 400 with each field's sentence; over a
 * limit, 429. Visitors may file too. A store without grievances (a remote Store API) gives the
 * store's email for complaints.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const available = getBackend().capabilities.grievances && Boolean(getBackend().own);
  // The grievance officer and customer care from the owner's settings (issue 25 item 1).
  const seller = await storeSellerDetails();
  if (!available) return json({ available: false as const, seller }, { headers: NO_STORE });
  const own = grievancesOwn();
  const account = await grievanceFiler(request);
  const order = new URL(request.url).searchParams.get("order") ?? "";
  const mine = account ? await own.grievances.shopperGrievances(account.id) : [];
  return json(
    {
      available: true as const,
      seller,
      account: account ? { name: account.name, email: account.email } : null,
      order: /^[A-Za-z0-9_-]{3,45}$/.test(order) ? order : "",
      mine: mine.map((item) => ({ ticket: item.ticket, subjectLabel: item.subjectLabel, status: item.status, filedAt: item.filedAt })),
    },
    { headers: NO_STORE },
  );
}

type FieldErrors = Partial<Record<"name" | "email" | "orderId" | "subject" | "text", string>>;
type ActionData = { errors: FieldErrors; form?: string; values: Record<string, string> };

export async function action({ request }: ActionFunctionArgs) {
  requireSameOrigin(request);
  const own = grievancesOwn();
  const formData = await readFormData(request).catch(throwBodyError);
  const account = await grievanceFiler(request);
  if (account) formData.set("email", account.email);
  const values = Object.fromEntries(
    ["name", "email", "orderId", "subject", "text"].map((name) => {
      const value = formData.get(name);
      return [name, typeof value === "string" ? value.slice(0, GRIEVANCE_TEXT_MAX + 100) : ""];
    }),
  );
  const submission = parseGrievanceForm(formData);
  if (submission.status !== "success") {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0] && field in values) errors[field as keyof FieldErrors] = messages[0];
    }
    return json<ActionData>({ errors, values }, { status: 400, headers: NO_STORE });
  }
  if (!(await grievanceAllowed(request, submission.value.email))) {
    return json<ActionData>({ errors: {}, form: GRIEVANCE_MESSAGES.limited, values }, { status: 429, headers: NO_STORE });
  }
  try {
    const filed = await own.grievances.fileGrievance(submission.value, account ? { id: account.id, email: account.email } : null);
    return redirect(`/grievance/${filed.ticket}?key=${encodeURIComponent(filed.key)}&filed=1`, { status: 303, headers: NO_STORE });
  } catch (error) {
    if (error instanceof BackendError && error.status === 400) {
      const field: keyof FieldErrors = error.message === GRIEVANCE_MESSAGES.orderNotYours || error.message === GRIEVANCE_MESSAGES.orderInvalid ? "orderId" : "text";
      return json<ActionData>({ errors: { [field]: error.message }, values }, { status: 400, headers: NO_STORE });
    }
    throw error;
  }
}

const labelClass = "text-sm font-medium text-gray-800";
const errorClass = "text-sm text-red-700";

function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a field with an optional hint and error. */
function described(id: string, error: string | undefined, hint = false) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

/** The grievance officer from the owner's settings (issue 25 item 1). */
function Officer({ seller }: { seller: SellerDetails | null }) {
  if (!seller) return null;
  const { officer, care } = seller;
  return (
    <section aria-labelledby="officer-heading" className="mt-8 rounded border border-gray-200 bg-gray-50 p-5 text-sm leading-6 text-gray-800">
      <h2 id="officer-heading" className="font-serif text-xl text-gray-900">
        Grievance officer
      </h2>
      <p className="mt-2" data-testid="grievance-officer">
        {[officer.name, officer.designation].filter(Boolean).join(", ")}
        {officer.email ? (
          <>
            <br />
            Email:{" "}
            <a href={`mailto:${officer.email}`} className="underline underline-offset-2">
              {officer.email}
            </a>
          </>
        ) : null}
        {officer.phone ? (
          <>
            <br />
            Phone:{" "}
            <a href={`tel:${officer.phoneHref}`} className="underline underline-offset-2">
              {officer.phone}
            </a>
            {care.hours ? ` (${care.hours})` : null}
          </>
        ) : null}
      </p>
      {/* One line each, with <br>: text browsers ignore CSS line breaks and ran the lines together. */}
      <p className="mt-2">
        {[seller.legalName, ...seller.address].map((line, index) => (
          <Fragment key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </p>
    </section>
  );
}

export default function GrievancePage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const submitting = useNavigation().state === "submitting";
  const care = data.seller?.care;

  if (!data.available) {
    return (
      <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
        <h1 className="font-serif text-3xl text-gray-900">Grievances</h1>
        <p className="mt-4">
          To make a complaint, write to{" "}
          <a href={`mailto:${care?.email ?? ""}`} className="underline underline-offset-2">
            {care?.email}
          </a>{" "}
          or call {care?.phone}. We acknowledge every complaint within {ACKNOWLEDGE_HOURS} hours and resolve it within one month.
        </p>
        <Officer seller={data.seller} />
      </div>
    );
  }

  const errors: FieldErrors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
      <h1 className="font-serif text-3xl text-gray-900">Make a complaint</h1>
      <p className="mt-4 leading-7">
        Tell us what went wrong. You get a ticket number at once and an email acknowledging your complaint; our grievance officer resolves it within{" "}
        {RESOLVE_DAYS} days and emails you the answer.
      </p>
      <Officer seller={data.seller} />
      {data.mine.length > 0 ? (
        <section aria-labelledby="mine-heading" className="mt-8">
          <h2 id="mine-heading" className="font-serif text-xl text-gray-900">
            Your complaints
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {data.mine.map((item) => (
              <li key={item.ticket}>
                <Link to={`/grievance/${item.ticket}`} className="font-mono underline underline-offset-2">
                  {item.ticket}
                </Link>{" "}
                — {item.subjectLabel}, filed {formatIstDateTime(item.filedAt)} IST — {item.status === "resolved" ? "Resolved" : "Open"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" action="/grievance" className="mt-8 flex flex-col gap-5" aria-labelledby="form-heading">
        <h2 id="form-heading" className="font-serif text-xl text-gray-900">
          File a complaint
        </h2>
        {result?.form ? <FormAlert>{result.form}</FormAlert> : null}
        {Object.keys(errors).length > 0 ? <FormAlert>Please correct the fields marked below.</FormAlert> : null}
        <Field id="grievance-name" label="Your name" error={errors.name}>
          <input
            id="grievance-name"
            name="name"
            required
            maxLength={NAME_MAX}
            autoComplete="name"
            defaultValue={values.name ?? data.account?.name ?? ""}
            className={accountInputClass}
            {...described("grievance-name", errors.name)}
          />
        </Field>
        {data.account ? (
          <Field id="grievance-email" label="Email" hint="Your account's address: we write to you here." error={errors.email}>
            <input id="grievance-email" name="email" type="email" readOnly value={data.account.email} className={`${accountInputClass} bg-gray-100`} {...described("grievance-email", errors.email, true)} />
          </Field>
        ) : (
          <Field id="grievance-email" label="Email" hint="We send your ticket and our answer here." error={errors.email}>
            <input
              id="grievance-email"
              name="email"
              type="email"
              required
              maxLength={EMAIL_MAX}
              autoComplete="email"
              inputMode="email"
              defaultValue={values.email ?? ""}
              className={accountInputClass}
              {...described("grievance-email", errors.email, true)}
            />
          </Field>
        )}
        <Field id="grievance-order" label="Order number (optional)" hint="If it is about an order of yours: the number on My Orders." error={errors.orderId}>
          <input
            id="grievance-order"
            name="orderId"
            maxLength={45}
            pattern="[A-Za-z0-9_\-]{3,45}"
            defaultValue={values.orderId ?? data.order}
            className={accountInputClass}
            {...described("grievance-order", errors.orderId, true)}
          />
        </Field>
        <Field id="grievance-subject" label="What is it about?" error={errors.subject}>
          <select id="grievance-subject" name="subject" required defaultValue={values.subject ?? (data.order ? "delivery" : "")} className={accountInputClass} {...described("grievance-subject", errors.subject)}>
            <option value="">Choose one</option>
            {GRIEVANCE_SUBJECTS.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="grievance-text" label="Your complaint" hint={`${GRIEVANCE_TEXT_MIN} to ${GRIEVANCE_TEXT_MAX.toLocaleString("en-IN")} characters.`} error={errors.text}>
          <textarea
            id="grievance-text"
            name="text"
            required
            minLength={GRIEVANCE_TEXT_MIN}
            maxLength={GRIEVANCE_TEXT_MAX}
            rows={8}
            defaultValue={values.text ?? ""}
            className={accountInputClass}
            {...described("grievance-text", errors.text, true)}
          />
        </Field>
        <button type="submit" disabled={submitting} className="self-start bg-black px-8 py-3 text-sm font-semibold tracking-widest text-white hover:bg-gray-800 disabled:opacity-70">
          FILE MY COMPLAINT
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: "Grievances — Chrono India" }];
