import { formatMessage, type Message, type MessageValues } from "./format";
import type { Language } from "./language";
import { en, type Catalogue, type MessageKey, type Namespace } from "./catalogues/en.server";
import { hi } from "./catalogues/hi.server";
import { hiPhrases, type PhraseGroup } from "./catalogues/phrases.hi.server";
import { phraseIn, type Phrasebook } from "./phrases";

/** The catalogues, loaded on the server only (docs/decisions/0850): a page gets the namespaces it uses. */
const CATALOGUES: Record<Language, Catalogue> = { en, hi };

/** A page's messages: "namespace.key" → message, in one language. */
export type PageMessages = Partial<Record<MessageKey, Message>>;

/** messagesFor's answers, made once per language and list of namespaces (the catalogues never change while the store runs). */
const PAGE_MESSAGES = new Map<string, PageMessages>();

/**
 * The messages of `namespaces` in `language`, flattened to "namespace.key" (what the browser's `t`
 * reads from the loader data; DESIGN.md §24: catalogues are never sent whole). The same frozen
 * object for the same arguments, so every page load does not copy its catalogue again.
 */
export function messagesFor(language: Language, namespaces: readonly Namespace[]): PageMessages {
  const cacheKey = `${language}:${namespaces.join(",")}`;
  const made = PAGE_MESSAGES.get(cacheKey);
  if (made) return made;
  const messages: Record<string, Message> = {};
  for (const namespace of namespaces) {
    for (const [key, message] of Object.entries(CATALOGUES[language][namespace])) messages[`${namespace}.${key}`] = message;
  }
  const frozen = Object.freeze(messages) as PageMessages;
  PAGE_MESSAGES.set(cacheKey, frozen);
  return frozen;
}

/** The text of `key` in `language` with `values` put in, for words a loader makes (format.ts `formatMessage`). */
export function translate(language: Language, key: MessageKey, values?: MessageValues): string {
  const [namespace, name] = key.split(".") as [Namespace, string];
  return formatMessage(language, (CATALOGUES[language][namespace] as Record<string, Message>)[name], values);
}

/** The namespaces every page's root data carries: the header, the navigation, the footer and the product cards (on most pages). */
export const ROOT_NAMESPACES: readonly Namespace[] = ["shell", "nav", "card"];

/** Every group of each language's phrasebook in one (English has none: its sentences are the keys). */
const PHRASEBOOKS: Record<Language, Phrasebook> = { en: {}, hi: Object.assign({}, ...Object.values(hiPhrases)) };

/**
 * The phrasebook groups a page shows sentences of (form errors, stock and delivery sentences), in
 * `language`, for the loader's data as `phrases` (useT's `phrase`); English pages get `{}`
 * (docs/decisions/0890).
 */
export function phrasesFor(language: Language, groups: readonly PhraseGroup[]): Phrasebook {
  if (language === "en") return {};
  return Object.assign({}, ...groups.map((group) => hiPhrases[group]));
}

/** `text`, an English sentence of the store's rules (a toast, an error), in `language` (phrases.ts `phraseIn`, every group). */
export function translatePhrase(language: Language, text: string): string {
  return phraseIn(PHRASEBOOKS[language], text);
}
