import { Fragment } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Form, Link } from "~/components/ui/local-links";
import { getBackend } from "~/backend/index.server";
import { FormAlert, accountInputClass } from "~/components/account/AccountField";
import { readFormData, throwBodyError } from "~/http/body.server";
import { BackendError } from "~/lib/errors";
import { languageOfPath } from "~/i18n/language";
import { messagesFor, phrasesFor, translate } from "~/i18n/messages.server";
import { usePhrase } from "~/i18n/use-phrase";
import { useT } from "~/i18n/use-t";
import { EMAIL_MAX, NAME_MAX } from "~/schemas/account-rules";
import { ACKNOWLEDGE_HOURS, GRIEVANCE_MESSAGES, GRIEVANCE_TEXT_MAX, GRIEVANCE_TEXT_MIN, RESOLVE_DAYS } from "~/schemas/grievance-constants";
import { grievanceFiler, grievancesOwn, grievanceSubjectLabelIn, grievanceSubjectsIn, parseGrievanceForm } from "~/utils/grievances.server";
import { istDateTimeIn } from "~/lib/ist-dates";
import { requireSameOrigin } from "~/utils/origin.server";
import { storeSellerDetails } from "~/utils/seller-details.server";
import { STRANGER_MAIL_LIMITS, strangerMailAllowed } from "~/utils/stranger-mail.server";
import type { SellerDetails } from "~/lib/seller-details";

const NO_STORE = { "cache-control": "private, no-store" };

/**
 * /grievance (issue 25 item 3; DESIGN.md §23; Consumer Protection (E-Commerce) Rules 2020): the
 * grievance officer and the complaint form — name, email (the account's, fixed, for a signed-in
 * shopper), an optional order number (`?order=` prefills it from the order page), a subject from
 * a fixed list and the text. A plain POST: a signed-in shopper's complaint answers 303 to its
 * follow page, which says the ticket and what happens next (over a limit, 429). A visitor's
 * proves nothing (issue 43 item 1; docs/decisions/0920): it answers 303 to `?sent=1`, "check
 * your email", whatever became of it — filed not verified with the confirming link emailed to the
 * address named, or nothing sent because the stranger-mail gate refused — and its order number is
 * not looked up, so the answer never tells who owns an order or whether an address was mailed. A
 * problem, 400 with each field's sentence. A store without grievances (a remote Store API) gives the
 * store's email for complaints. Under /hi every word, subject, date and form error is Hindi
 * (issue 27; docs/decisions/0910): the rules' English sentences are worded by the phrasebook.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const available = getBackend().capabilities.grievances && Boolean(getBackend().own);
  // The grievance officer and customer care from the owner's settings (issue 25 item 1).
  const seller = await storeSellerDetails();
  const language = languageOfPath(new URL(request.url).pathname);
  // The page's words and its rules' sentences in its language (name and email errors are sign-up's: `account`).
  const words = {
    messages: messagesFor(language, ["grievance"]),
    phrases: phrasesFor(language, ["account", "grievance"]),
    title: translate(language, "grievance.pageTitle"),
  };
  if (!available) return json({ available: false as const, seller, ...words }, { headers: NO_STORE });
  const own = grievancesOwn();
  const account = await grievanceFiler(request);
  const order = new URL(request.url).searchParams.get("order") ?? "";
  // A visitor's filing answered "check your email" (issue 43 item 1).
  const sent = !account && new URL(request.url).searchParams.get("sent") === "1";
  const mine = account ? await own.grievances.shopperGrievances(account.id) : [];
  return json(
    {
      available: true as const,
      seller,
      account: account ? { name: account.name, email: account.email } : null,
      order: /^[A-Za-z0-9_-]{3,45}$/.test(order) ? order : "",
      sent,
      mailsPerDay: STRANGER_MAIL_LIMITS.grievance.mailbox.points,
      mine: mine.map((item) => ({
        ticket: item.ticket,
        subjectLabel: grievanceSubjectLabelIn(language, item.subjectLabel),
        status: item.status,
        filed: istDateTimeIn(item.filedAt, language),
      })),
      subjects: grievanceSubjectsIn(language),
      ...words,
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
  const language = languageOfPath(new URL(request.url).pathname);
  const allowed = (await strangerMailAllowed(request, "grievance", submission.value.email)).ok;
  if (!account) {
    // A visitor: the same answer whether it was filed or the gate refused (issue 43 items 1 and 2).
    if (allowed) await own.grievances.fileGrievance(submission.value, null, { language });
    return redirect("/grievance?sent=1", { status: 303, headers: NO_STORE });
  }
  if (!allowed) return json<ActionData>({ errors: {}, form: GRIEVANCE_MESSAGES.limited, values }, { status: 429, headers: NO_STORE });
  try {
    // Acknowledged by email in the page's language (issue 27; docs/decisions/0910).
    const filed = await own.grievances.fileGrievance(submission.value, { id: account.id, email: account.email }, { language });
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
  const { t } = useT();
  if (!seller) return null;
  const { officer, care } = seller;
  return (
    <section aria-labelledby="officer-heading" className="mt-8 rounded border border-gray-200 bg-gray-50 p-5 text-sm leading-6 text-gray-800">
      <h2 id="officer-heading" className="font-serif text-xl text-gray-900">
        {t("grievance.officerHeading")}
      </h2>
      <p className="mt-2" data-testid="grievance-officer">
        {[officer.name, officer.designation].filter(Boolean).join(", ")}
        {officer.email ? (
          <>
            <br />
            {t("grievance.emailLabel")}{" "}
            <a href={`mailto:${officer.email}`} className="underline underline-offset-2">
              {officer.email}
            </a>
          </>
        ) : null}
        {officer.phone ? (
          <>
            <br />
            {t("grievance.phoneLabel")}{" "}
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
  const { t } = useT();
  const phrase = usePhrase();

  if (!data.available) {
    return (
      <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
        <h1 className="font-serif text-3xl text-gray-900">{t("grievance.grievances")}</h1>
        <p className="mt-4">
          {t("grievance.unavailableBefore")}
          <a href={`mailto:${care?.email ?? ""}`} className="underline underline-offset-2">
            {care?.email}
          </a>
          {t("grievance.unavailableAfter", { phone: care?.phone ?? "", hours: ACKNOWLEDGE_HOURS })}
        </p>
        <Officer seller={data.seller} />
      </div>
    );
  }

  const errors: FieldErrors = result?.errors ?? {};
  const values = result?.values ?? {};
  return (
    <div className="mx-auto mb-20 mt-14 max-w-2xl px-4 text-gray-800">
      <h1 className="font-serif text-3xl text-gray-900">{t("grievance.makeComplaint")}</h1>
      <p className="mt-4 leading-7">{t("grievance.intro", { days: RESOLVE_DAYS })}</p>
      {data.sent ? (
        <div role="status" data-testid="grievance-sent" className="mt-6 rounded border border-green-300 bg-green-50 p-4 text-sm leading-6 text-green-900">
          <p className="font-semibold">{t("grievance.sentHeadline")}</p>
          <p className="mt-2">{t("grievance.sentText", { max: data.mailsPerDay })}</p>
        </div>
      ) : null}
      <Officer seller={data.seller} />
      {data.mine.length > 0 ? (
        <section aria-labelledby="mine-heading" className="mt-8">
          <h2 id="mine-heading" className="font-serif text-xl text-gray-900">
            {t("grievance.yourComplaints")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {data.mine.map((item) => (
              <li key={item.ticket}>
                <Link to={`/grievance/${item.ticket}`} className="font-mono underline underline-offset-2">
                  {item.ticket}
                </Link>
                {t("grievance.mineItem", {
                  subject: item.subjectLabel,
                  filed: item.filed,
                  status: t(item.status === "resolved" ? "grievance.statusResolved" : "grievance.statusOpen"),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" action="/grievance" className="mt-8 flex flex-col gap-5" aria-labelledby="form-heading">
        <h2 id="form-heading" className="font-serif text-xl text-gray-900">
          {t("grievance.fileComplaint")}
        </h2>
        {result?.form ? <FormAlert>{phrase(result.form)}</FormAlert> : null}
        {Object.keys(errors).length > 0 ? <FormAlert>{t("grievance.correctFields")}</FormAlert> : null}
        <Field id="grievance-name" label={t("grievance.yourName")} error={phrase(errors.name)}>
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
          <Field id="grievance-email" label={t("grievance.email")} hint={t("grievance.emailHintAccount")} error={phrase(errors.email)}>
            <input id="grievance-email" name="email" type="email" readOnly value={data.account.email} className={`${accountInputClass} bg-gray-100`} {...described("grievance-email", errors.email, true)} />
          </Field>
        ) : (
          <Field id="grievance-email" label={t("grievance.email")} hint={t("grievance.emailHint")} error={phrase(errors.email)}>
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
        <Field id="grievance-order" label={t("grievance.orderLabel")} hint={t("grievance.orderHint")} error={phrase(errors.orderId)}>
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
        <Field id="grievance-subject" label={t("grievance.subjectLabel")} error={phrase(errors.subject)}>
          <select id="grievance-subject" name="subject" required defaultValue={values.subject ?? (data.order ? "delivery" : "")} className={accountInputClass} {...described("grievance-subject", errors.subject)}>
            <option value="">{t("grievance.chooseOne")}</option>
            {data.subjects.map((subject) => (
              <option key={subject.value} value={subject.value}>
                {subject.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="grievance-text" label={t("grievance.textLabel")} hint={t("grievance.textHint", { min: GRIEVANCE_TEXT_MIN, max: GRIEVANCE_TEXT_MAX })} error={phrase(errors.text)}>
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
          {t("grievance.submit")}
        </button>
      </Form>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Grievances — Chrono India" }];
