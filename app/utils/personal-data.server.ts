import he from "he";
import { z } from "zod";
import { getBackend } from "~/backend/index.server";
import type { Account, OwnStore, PersonalDataExport } from "~/backend/own/types";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { formatPaise, rupeesToPaise } from "~/lib/money";
import { ERASED_ON_DELETE, KEPT_ON_DELETE, KEPT_REASON, PERSONAL_DATA_MESSAGES } from "~/lib/personal-data";
import { PASSWORD_MAX } from "~/schemas/password-limits";
import { expiredSessionRedirect, requireUserToken } from "~/utils/session.server";

/**
 * The pages' way to a shopper's personal data (issue 25 item 4; DESIGN.md §23; docs/decisions/0770):
 * the signed-in shopper and the store's personal-data features, and the readable view and the
 * profile's "Your data" section as HTML made here (every text escaped with `he`), so the pages'
 * JavaScript carries none of it (DESIGN.md §17's budget; /profile has almost none to spare).
 */

/** What the personal-data pages work with: the features and the signed-in account. */
export type PersonalDataContext = { personalData: OwnStore["personalData"]; accounts: OwnStore["accounts"]; account: Account; token: string };

const notFound = () => new Response("Not Found", { status: 404, statusText: "Not Found" });

/**
 * For a loader or action of /profile/data, /profile/data.json and /profile/delete: the signed-in
 * shopper (never an id from the URL). Throws a 303 to /login and back to `returnTo` when logged out
 * or the session has ended, and 404 on a store that keeps no personal data here
 * (`capabilities.personalData` false: its data lives on another server).
 */
export async function requirePersonalData(request: Request, returnTo: string): Promise<PersonalDataContext> {
  const token = await requireUserToken(request);
  const { own, capabilities } = getBackend();
  if (!capabilities.personalData || !own) throw notFound();
  try {
    return { personalData: own.personalData, accounts: own.accounts, account: await own.accounts.requireAccount(token), token };
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) throw await expiredSessionRedirect(request, returnTo);
    throw error;
  }
}

/** The export as a download's file name: "my-data-2026-11-26.json". */
export function exportFilename(data: PersonalDataExport): string {
  return `my-data-${data.exportedAt.slice(0, 10)}.json`;
}

/** The export as a JSON download (pretty, `attachment`, never cached). */
export function exportResponse(data: PersonalDataExport, filename = exportFilename(data)): Response {
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

const e = (text: string | number | null | undefined) => he.escape(String(text ?? ""));
/** An instant as IST date and time; on a Hindi page with Hindi month names (the phrasebook's "{date} IST"). */
const when = (isoTime: string | null, say: Say = asIs) => (isoTime ? say(`${formatIstDateTime(Date.parse(isoTime))} IST`) : "—");
const money = (rupees: number) => formatPaise(rupeesToPaise(rupees));
const h2 = (id: string, text: string) => `<h2 id="${id}" class="mt-10 font-serif text-2xl text-gray-900">${e(text)}</h2>`;
const none = (text: string) => `<p class="mt-2 text-sm text-gray-700">${e(text)}</p>`;

/** [label, value] rows as a definition list. */
function rows(pairs: [string, string | number | null][]): string {
  const items = pairs.map(([label, value]) => `<dt class="font-medium text-gray-900">${e(label)}</dt><dd class="text-gray-700">${e(value ?? "—")}</dd>`).join("");
  return `<dl class="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">${items}</dl>`;
}

/** A view's words: the English text as it is, or its Hindi (`translatePhrase`) on a Hindi page. */
type Say = (english: string) => string;
const asIs: Say = (text) => text;

function addressLine(a: PersonalDataExport["addresses"][number] | PersonalDataExport["orders"][number]["deliveryAddress"], say: Say = asIs): string {
  return [a.name, a.businessName, a.street, a.city, `${a.state} ${a.pinCode}`.trim(), a.country, a.gstin ? `GSTIN ${a.gstin}` : null, a.phone ? `${say("Mobile")} ${a.phone}` : null, a.email || null]
    .filter((part) => part && part.trim() !== "")
    .join(", ");
}

/**
 * The readable view of an export (the same for the shopper's /profile/data and the back office):
 * one section per kind — account, addresses, orders (with lines and amounts in rupees), reviews,
 * wishlist, newsletter consent, complaints, problem reports — times in IST. HTML, escaped.
 * `say` words its own texts (headings, labels, the sentences around the data) in the page's
 * language: /hi/profile/data passes the phrasebook's (issue 27); the data itself is as stored.
 */
export function personalDataHtml(data: PersonalDataExport, say: Say = asIs): string {
  const parts: string[] = [];
  parts.push(h2("data-account", say("Account")));
  parts.push(
    rows([
      [say("Name"), data.account.name],
      [say("Email"), data.account.email],
      [say("Created"), when(data.account.createdAt, say)],
      [say("Phone"), say("None kept on the account (see addresses and orders)")],
    ]),
  );

  parts.push(h2("data-addresses", say(`Saved addresses (${data.addresses.length})`)));
  parts.push(
    data.addresses.length === 0
      ? none(say("No saved addresses."))
      : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${data.addresses.map((a) => `<li>${a.isDefault ? `<strong>${e(say("Default:"))}</strong> ` : ""}${e(addressLine(a, say))}</li>`).join("")}</ul>`,
  );

  parts.push(h2("data-orders", say(`Orders (${data.orders.length})`)));
  parts.push(
    data.orders.length === 0
      ? none(say("No orders."))
      : data.orders
          .map((order) => {
            const lines = order.lines
              .map((line) => `<li>${e(say(`${line.quantity} × ${line.product}${line.size !== "default" ? ` (${line.size})` : ""}, ${money(line.unitPriceRupees)} each: ${money(line.totalRupees)}`))}</li>`)
              .join("");
            return `<section class="mt-4 border-t border-gray-200 pt-3" aria-label="${e(say("Order"))} ${e(order.number)}"><h3 class="font-medium text-gray-900">${e(say("Order"))} <span class="font-mono">${e(order.number)}</span></h3>${rows([
              [say("Placed"), when(order.date, say)],
              [say("Status"), order.status],
              [say("Payment"), `${say(order.paymentMethod === "cod" ? "Cash on delivery" : "Online")}, ${order.paymentStatus.toLowerCase()}`],
              [say("Amount"), money(order.amountRupees)],
              [say("Delivered to"), addressLine(order.deliveryAddress, say)],
              [say("Tax invoice"), order.invoiceNumber ?? say("None issued")],
            ])}<ul class="mt-2 list-disc pl-5 text-sm text-gray-700">${lines}</ul></section>`;
          })
          .join(""),
  );

  parts.push(h2("data-reviews", say(`Reviews (${data.reviews.length})`)));
  parts.push(
    data.reviews.length === 0
      ? none(say("No reviews."))
      : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${data.reviews
          .map((r) => `<li>${e(`${r.product ?? r.productId}: ${say(`${r.rating} of 5 stars`)}${r.title ? `, “${r.title}”` : ""}${r.text ? ` — ${r.text}` : ""} (${r.status}, ${say(`shown as ${r.shownAs}`)}, ${when(r.writtenAt, say)})`)}</li>`)
          .join("")}</ul>`,
  );

  parts.push(h2("data-wishlist", say(`Wishlist (${data.wishlist.length})`)));
  parts.push(
    data.wishlist.length === 0
      ? none(say("No saved watches."))
      : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${data.wishlist.map((w) => `<li>${e(`${w.product ?? w.productId}, ${say(`${money(w.priceWhenSavedRupees)} when saved on ${when(w.savedAt, say)}`)}`)}</li>`).join("")}</ul>`,
  );

  parts.push(h2("data-consents", say("Consents")));
  const n = data.newsletter;
  parts.push(
    n
      ? rows([
          [say("Newsletter"), say(n.status)],
          [say("Email"), n.email],
          [say("Words agreed to"), n.consentText],
          [say("Asked"), when(n.requestedAt, say)],
          [say("Confirmed"), when(n.confirmedAt, say)],
          [say("Withdrawn"), when(n.withdrawnAt, say)],
        ])
      : none(say("No marketing consent: we send you no newsletter.")),
  );

  parts.push(h2("data-complaints", say(`Complaints and problem reports (${data.grievances.length + data.problemReports.length})`)));
  const answer = (text: string | null) => (text ? ` — ${say(`Our answer: ${text}`)}` : "");
  const complaints = [
    ...data.grievances.map((g) => `<li>${e(`${g.ticket} (${g.subject}${g.orderNumber ? `, ${say(`order ${g.orderNumber}`)}` : ""}), ${g.status}, ${say(`filed ${when(g.filedAt, say)}`)}: ${g.text}${answer(g.answer)}`)}</li>`),
    ...data.problemReports.map(
      (r) => `<li>${e(`${say(`Problem report on order ${r.orderNumber}`)} (${r.kind}${r.video ? say(", with a video") : ""}), ${r.status}, ${say(`filed ${when(r.filedAt, say)}`)}: ${r.description}${answer(r.answer)}`)}</li>`,
    ),
  ];
  parts.push(complaints.length === 0 ? none(say("None filed.")) : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${complaints.join("")}</ul>`);

  parts.push(h2("data-returns", say(`Returns and exchanges (${data.returnRequests.length})`)));
  const returns = data.returnRequests.map((r) => {
    const units = r.lines.reduce((sum, line) => sum + line.quantity, 0);
    const details = r.refundDetails ? say(", with your refund details") : "";
    return `<li>${e(`${say(`Return request on order ${r.orderNumber}`)} (${r.resolution}, ${r.reason}, ${units === 1 ? say("one watch") : say(`${units} watches`)}${details}), ${r.status}, ${say(`filed ${when(r.filedAt, say)}`)}: ${r.description}`)}</li>`;
  });
  parts.push(returns.length === 0 ? none(say("None asked.")) : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${returns.join("")}</ul>`);

  // Issue 47: the discount codes used, with the email and mobile the per-shopper limit compared.
  const codeUses = data.discountCodeUses ?? [];
  parts.push(h2("data-discount-codes", say(`Discount codes used (${codeUses.length})`)));
  const uses = codeUses.map((u) => {
    const state = u.state === "given back" ? say(`given back ${when(u.givenBackAt, say)}`) : say(`used ${when(u.usedAt, say)}`);
    const contact = [u.email, u.phone].filter((part) => part !== "").join(", ");
    return `<li>${e(`${say(`Code ${u.code} on order ${u.orderNumber}`)}: ${say(`${money(u.discountRupees)} off`)}, ${state}${contact ? ` (${contact})` : ""}`)}</li>`;
  });
  parts.push(uses.length === 0 ? none(say("None used.")) : `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-700">${uses.join("")}</ul>`);
  return parts.join("");
}

/** The words of the delete-account confirmation: what is erased, what is kept, and why. */
export function deletionWords() {
  return { erased: [...ERASED_ON_DELETE], kept: [...KEPT_ON_DELETE], reason: KEPT_REASON };
}

/** /profile/data's forms (STYLE.md habit 4): `withdraw-consent`, or `correct-name` with `name` (the service checks it). */
const dataFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("withdraw-consent") }),
  z.object({ intent: z.literal("correct-name"), name: z.string().max(1000).catch("") }),
]);

/** A /profile/data post (hostile): its intent and, to correct the name, the name as typed; null for anything else (400). */
export function parseDataForm(formData: FormData): z.output<typeof dataFormSchema> | null {
  const parsed = dataFormSchema.safeParse({ intent: formData.get("intent"), name: formData.get("name") ?? "" });
  return parsed.success ? parsed.data : null;
}

/** /profile/delete's form: the current password, 1..PASSWORD_MAX characters (PERSONAL_DATA_MESSAGES.passwordRequired otherwise). */
const deleteFormSchema = z.object({ password: z.string({ error: PERSONAL_DATA_MESSAGES.passwordRequired }).min(1, PERSONAL_DATA_MESSAGES.passwordRequired).max(PASSWORD_MAX, PERSONAL_DATA_MESSAGES.passwordWrong) });

/** The password of a /profile/delete post, or the sentence saying what is wrong with it. */
export function parseDeleteForm(formData: FormData): { ok: true; password: string } | { ok: false; error: string } {
  const parsed = deleteFormSchema.safeParse({ password: formData.get("password") ?? undefined });
  return parsed.success ? { ok: true, password: parsed.data.password } : { ok: false, error: parsed.error.issues[0]?.message ?? PERSONAL_DATA_MESSAGES.passwordRequired };
}

const staffPersonalDataFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("find"), email: z.string().trim().min(1).max(320) }),
  z.object({ intent: z.literal("delete"), userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER), confirm: z.string().trim().min(1).max(320) }),
]);

/**
 * A post to /admin/personal-data (hostile): `find` with the shopper's email (the search is a post,
 * so the address never reaches the address bar or the request log: issue 43 item 6), or `delete`
 * with the account id and the shopper's email typed again; null when the intent or a field is
 * missing or malformed.
 */
export function parseStaffPersonalDataForm(formData: FormData): z.output<typeof staffPersonalDataFormSchema> | null {
  const field = (name: string) => formData.get(name) ?? undefined;
  const parsed = staffPersonalDataFormSchema.safeParse({ intent: field("intent"), email: field("email"), userId: field("userId"), confirm: field("confirm") });
  return parsed.success ? parsed.data : null;
}

/** The shopper a back-office personal-data address names (`?shopper=<account id>`, digits only); null for none or anything else. */
export function shopperIdOf(url: URL): number | null {
  const parsed = z.string().regex(/^\d{1,15}$/).transform(Number).pipe(z.number().int().positive()).safeParse(url.searchParams.get("shopper"));
  return parsed.success ? parsed.data : null;
}
