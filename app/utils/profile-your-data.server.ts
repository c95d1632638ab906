import he from "he";
import { getBackend } from "~/backend/index.server";
import type { MarketingConsent } from "~/backend/own/types";
import { istDateTimeIn } from "~/lib/ist-dates";
import { BackendError } from "~/lib/errors";
import { pathIn, type Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import { getSessionToken } from "~/utils/session.server";

/**
 * /profile's "Your data" section (issue 25 item 4; DESIGN.md §23; docs/decisions/0770), made here
 * as HTML (every text escaped with `he`) and imported by /profile alone: a module the other
 * personal-data pages share would cost /profile, at its 100 KB budget, a shared browser chunk.
 */

const e = (text: string) => he.escape(text);

/**
 * For /profile's loader: the "Your data" section (yourDataSectionHtml) of the signed-in shopper in
 * the page's `language`, or null when logged out, when the session is no longer accepted, or on a
 * store that keeps no personal data here.
 */
export async function optionalYourDataSection(request: Request, language: Language = "en"): Promise<string | null> {
  const { own, capabilities } = getBackend();
  const token = await getSessionToken(request);
  if (!capabilities.personalData || !own || !token) return null;
  try {
    const account = await own.accounts.requireAccount(token);
    return yourDataSectionHtml(await own.personalData.marketingConsent(account.id), language);
  } catch (error) {
    if (error instanceof BackendError && error.status === 401) return null;
    throw error;
  }
}

const link = "underline underline-offset-2 hover:text-black";
const button = "rounded border border-gray-900 px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100";

/**
 * /profile's "Your data" section as HTML (issue 25 item 4): download (JSON) and view links, where
 * to correct what, the marketing consent (the words agreed to and when) with a Withdraw button (a
 * plain POST form to /profile/data), and the link to delete the account; in `language` (issue 27:
 * the `profile` messages, links and the form kept in the page's language). The consent's own
 * words are shown as agreed to.
 */
export function yourDataSectionHtml(consent: MarketingConsent, language: Language = "en"): string {
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string>) => e(translate(language, key, values));
  const to = (path: string) => e(pathIn(path, language));
  const consentPart = consent
    ? `<p class="mt-2 text-sm text-gray-700">${t("profile.agreedOn", { when: istDateTimeIn(consent.confirmedAt, language), words: consent.consentText })}</p>` +
      `<form method="post" action="${to("/profile/data")}" class="mt-3"><input type="hidden" name="intent" value="withdraw-consent"><button type="submit" class="${button}">${t("profile.withdrawConsent")}</button></form>`
    : `<p class="mt-2 text-sm text-gray-700">${t("profile.noConsent")}</p>`;
  return (
    `<section aria-labelledby="your-data" class="mt-14">` +
    `<h2 id="your-data" class="font-serif text-2xl text-gray-900">${t("profile.yourData")}</h2>` +
    `<p class="mt-3 text-sm text-gray-700">${t("profile.privacyBefore")}<a href="${to("/privacy-policy")}" class="${link}">${t("profile.privacyLink")}</a>${t("profile.privacyAfter")}</p>` +
    `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-900">` +
    `<li><a href="/profile/data.json" download class="${link}">${t("profile.downloadData")}</a></li>` +
    `<li><a href="${to("/profile/data")}" class="${link}">${t("profile.viewData")}</a>${t("profile.viewDataAfter")}</li>` +
    `<li>${t("profile.correctOthersBefore")}<a href="${to("/grievance")}" class="${link}">${t("profile.grievanceForm")}</a>${t("profile.correctOthersAfter")}</li>` +
    `</ul>` +
    `<h3 class="mt-6 font-medium text-gray-900">${t("profile.marketingEmails")}</h3>${consentPart}` +
    `<h3 class="mt-6 font-medium text-gray-900">${t("profile.deleteAccount")}</h3>` +
    `<p class="mt-2 text-sm text-gray-700">${t("profile.deleteAccountText")}</p>` +
    `<p class="mt-3"><a href="${to("/profile/delete")}" class="${button} inline-block">${t("profile.deleteAccount")}</a></p>` +
    `</section>`
  );
}

