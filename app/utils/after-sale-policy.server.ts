import { getBackend } from "~/backend/index.server";
import type { Language } from "~/i18n/language";
import { translate } from "~/i18n/messages.server";
import { returnPolicyOf, type PolicySentence, type ReturnPolicy } from "~/lib/after-sale-policy";
import { DEFAULT_STORE_SETTINGS } from "~/lib/store-settings";
import { log } from "~/observability/log.server";

/**
 * The store's after-sale policy as pages read it (issue 45; docs/decisions/0980): the owner's
 * settings on a store with its own data (`readStoreSettings`: one primary-key read, the parse reused
 * while unchanged), the defaults (7 days, a refund) on a storefront whose data lives on another
 * server (BACKEND_URL) or when the settings cannot be read (logged). Never throws.
 */
export async function storeReturnPolicy(): Promise<ReturnPolicy> {
  const { own } = getBackend();
  if (!own) return returnPolicyOf(DEFAULT_STORE_SETTINGS);
  try {
    return returnPolicyOf(await own.invoices.readStoreSettings());
  } catch (error) {
    log.error({ err: error }, "Could not read the after-sale policy");
    return returnPolicyOf(DEFAULT_STORE_SETTINGS);
  }
}

/** A policy sentence (lib/after-sale-policy.ts) in `language`, from the `afterSale` catalogue namespace. */
export function policySentenceIn(language: Language, sentence: PolicySentence): string {
  return translate(language, sentence.key, sentence.values);
}
