import { useLocation, useMatches } from "@remix-run/react";
import type { MessageKey } from "./catalogues/en.server";
import { formatMessage, type Message, type MessageValues } from "./format";
import { languageOfPath, pathIn, type Language } from "./language";

/** What a page's loaders send of the catalogues (messages.server.ts `messagesFor`). */
type LoaderMessages = { messages?: Partial<Record<MessageKey, Message>> };

/** The page's language and its words: what `useT` gives a component. */
export type Translator = {
  /** The page's language, from its address. */
  language: Language;
  /** The text of `key` in the page's language with `values` put in (format.ts `formatMessage`). */
  t: (key: MessageKey, values?: MessageValues) => string;
  /** `to` (a store path, query allowed) in the page's language: "/cart" → "/hi/cart" on a Hindi page. */
  localPath: (to: string) => string;
};

/**
 * The page's language (its address: /hi/… is Hindi) and the messages its loaders sent — the root's
 * (header, navigation, footer) and the page's own (issue 27 item 2; docs/decisions/0850). The same
 * messages render on the server and hydrate in the browser, so the two always agree. A key no
 * loader sent is shown as the key itself, which the catalogue test and the browser specs catch.
 */
export function useT(): Translator {
  const { pathname } = useLocation();
  const matches = useMatches();
  const language = languageOfPath(pathname);
  // Looked up where they lie, the deepest route first (a page's word wins over the root's), rather
  // than merged into one object per call: every card calls useT, and copying the page's few hundred
  // messages for each was a sixth of an uncached collection render's CPU (issue 26 item 2).
  const sent: Partial<Record<MessageKey, Message>>[] = [];
  for (const match of matches) {
    const messages = (match.data as LoaderMessages | undefined)?.messages;
    if (messages) sent.unshift(messages);
  }
  return {
    language,
    t: (key, values) => {
      for (const messages of sent) {
        const message = messages[key];
        if (message !== undefined) return formatMessage(language, message, values);
      }
      return key;
    },
    localPath: (to) => pathIn(to, language),
  };
}
