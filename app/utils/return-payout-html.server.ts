import he from "he";
import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";

/** One COD refund request awaiting its refund (services/returns-admin.server.ts `PayoutStanding`). */
export type ReturnPayoutView = { returnId: string; given: { kind: "upi" | "bank"; masked: string } | null };

/** The address the payout form posts to (routes/orders_.$orderId_.return-payout.ts): one address in both languages. */
export function returnPayoutPath(orderId: string): string {
  return `/orders/${encodeURIComponent(orderId)}/return-payout`;
}

/**
 * The order page's "Where should we send your refund?" section (issue 45 item 4; docs/decisions/
 * 0985): for each of the shopper's cash-on-delivery refund requests not yet refunded, a plain POST
 * form to /orders/:id/return-payout (`?lang=hi` on a Hindi page) taking a UPI ID or a bank account
 * (holder's name, account number, IFSC), what was given before shown masked. It works with and
 * without JavaScript (the browser posts it; the answer is a redirect with a toast). HTML made by the
 * loader rather than JSX, so the order page's browser code stays within its budget (DESIGN.md §17).
 * Words from the `returnPayout` catalogue in `language`; every value escaped. "" when there is none.
 */
export function returnPayoutHtml(orderId: string, payouts: readonly ReturnPayoutView[], language: Language): string {
  if (payouts.length === 0) return "";
  const e = (text: string) => he.escape(text);
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) => e(translate(language, key, values));
  const action = `${returnPayoutPath(orderId)}${language === "hi" ? "?lang=hi" : ""}`;
  const input = "mt-1 block w-full max-w-md rounded-sm border border-gray-400 px-3 py-2 text-gray-900";
  const forms = payouts.map((payout) => {
    const id = (name: string) => e(`${name}-${payout.returnId}`);
    const field = (name: string, label: string, extra: string) =>
      `<div><label for="${id(name)}">${label}</label><input id="${id(name)}" name="${name}" ${extra} class="${input}"></div>`;
    const bank = payout.given?.kind === "bank";
    return (
      `<form method="post" action="${e(action)}" class="mb-8 max-w-xl space-y-3 text-sm" data-testid="return-payout-form">` +
      `<input type="hidden" name="returnId" value="${e(payout.returnId)}">` +
      `<p>${t("returnPayout.lead", { id: payout.returnId })}</p>` +
      (payout.given
        ? `<p data-testid="return-payout-given" class="font-medium text-gray-900">${t(payout.given.kind === "upi" ? "returnPayout.givenUpi" : "returnPayout.givenBank", { masked: payout.given.masked })}</p>`
        : "") +
      `<fieldset><legend class="font-medium text-gray-900">${t("returnPayout.kind")}</legend>` +
      `<label class="mr-6 inline-flex items-center gap-2"><input type="radio" name="kind" value="upi" required${bank ? "" : " checked"}> ${t("returnPayout.upi")}</label>` +
      `<label class="inline-flex items-center gap-2"><input type="radio" name="kind" value="bank"${bank ? " checked" : ""}> ${t("returnPayout.bank")}</label>` +
      `</fieldset>` +
      field("upiId", t("returnPayout.upiId"), `autocomplete="off" maxlength="320"`) +
      field("accountName", t("returnPayout.accountName"), `autocomplete="name" maxlength="100"`) +
      field("accountNumber", t("returnPayout.accountNumber"), `inputmode="numeric" autocomplete="off" maxlength="24"`) +
      field("ifsc", t("returnPayout.ifsc"), `autocomplete="off" maxlength="11"`) +
      `<button type="submit" class="rounded-sm bg-black px-6 py-2 font-medium text-white hover:bg-gray-800">${t("returnPayout.save")}</button>` +
      `</form>`
    );
  });
  return (
    `<section id="return-payout" aria-labelledby="return-payout-heading" class="mx-auto max-w-screen-xl px-4 pb-12 text-gray-700 sm:px-[5vw] lg:px-[7vw]" data-testid="return-payout">` +
    `<h2 id="return-payout-heading" class="mb-3 text-lg font-medium text-gray-900">${t("returnPayout.heading")}</h2>` +
    forms.join("") +
    `</section>`
  );
}
