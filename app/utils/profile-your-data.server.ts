import he from "he";
import { getBackend } from "~/backend/index.server";
import type { MarketingConsent } from "~/backend/own/types";
import { formatIstDateTime } from "~/lib/admin-format";
import { BackendError } from "~/lib/errors";
import { getSessionToken } from "~/utils/session.server";

/**
 * /profile's "Your data" section (issue 25 item 4; DESIGN.md §23; docs/decisions/0770), made here
 * as HTML (every text escaped with `he`) and imported by /profile alone: a module the other
 * personal-data pages share would cost /profile, at its 100 KB budget, a shared browser chunk.
 */

const e = (text: string) => he.escape(text);

/**
 * For /profile's loader: the "Your data" section (yourDataSectionHtml) of the signed-in shopper,
 * or null when logged out, when the session is no longer accepted, or on a store that keeps no
 * personal data here.
 */
export async function optionalYourDataSection(request: Request): Promise<string | null> {
  const { own, capabilities } = getBackend();
  const token = await getSessionToken(request);
  if (!capabilities.personalData || !own || !token) return null;
  try {
    const account = await own.accounts.requireAccount(token);
    return yourDataSectionHtml(await own.personalData.marketingConsent(account.id));
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
 * plain POST form to /profile/data), and the link to delete the account.
 */
export function yourDataSectionHtml(consent: MarketingConsent): string {
  const consentPart = consent
    ? `<p class="mt-2 text-sm text-gray-700">You agreed on ${e(formatIstDateTime(consent.confirmedAt))} IST to: “${e(consent.consentText)}”</p>` +
      `<form method="post" action="/profile/data" class="mt-3"><input type="hidden" name="intent" value="withdraw-consent"><button type="submit" class="${button}">Withdraw marketing consent</button></form>`
    : `<p class="mt-2 text-sm text-gray-700">You have not agreed to marketing emails: we send you none.</p>`;
  return (
    `<section aria-labelledby="your-data" class="mt-14">` +
    `<h2 id="your-data" class="font-serif text-2xl text-gray-900">Your data</h2>` +
    `<p class="mt-3 text-sm text-gray-700">What we keep about you, why and for how long is in our <a href="/privacy-policy" class="${link}">privacy notice</a>.</p>` +
    `<ul class="mt-3 flex flex-col gap-2 text-sm text-gray-900">` +
    `<li><a href="/profile/data.json" download class="${link}">Download my data (JSON)</a></li>` +
    `<li><a href="/profile/data" class="${link}">View my data</a>, and correct your name there</li>` +
    `<li>Correct a phone number or address: edit your delivery addresses above. An order's details cannot be changed once placed; write to us through <a href="/grievance" class="${link}">the grievance form</a> if they are wrong.</li>` +
    `</ul>` +
    `<h3 class="mt-6 font-medium text-gray-900">Marketing emails</h3>${consentPart}` +
    `<h3 class="mt-6 font-medium text-gray-900">Delete my account</h3>` +
    `<p class="mt-2 text-sm text-gray-700">Erases your personal data; orders and tax invoices are kept as GST law requires. You see exactly what before you confirm.</p>` +
    `<p class="mt-3"><a href="/profile/delete" class="${button} inline-block">Delete my account</a></p>` +
    `</section>`
  );
}

