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
  const messages: Partial<Record<MessageKey, Message>> = {};
  for (const match of matches) Object.assign(messages, (match.data as LoaderMessages | undefined)?.messages);
  return {
    language,
    t: (key, values) => {
      const message = messages[key];
      return message === undefined ? key : formatMessage(language, message, values);
    },
    localPath: (to) => pathIn(to, language),
  };
}
