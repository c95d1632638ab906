import { useMatches } from "@remix-run/react";
import { phraseIn, type Phrasebook } from "./phrases";

/** What a page's loaders send of the phrasebook (messages.server.ts `phrasesFor`). */
type LoaderPhrases = { phrases?: Phrasebook };

/**
 * `phrase(text)`: an English sentence of the store's rules (a form error, a refusal, a stock or
 * delivery sentence) in the page's language, from the phrasebook groups its loaders sent
 * (docs/decisions/0890); as it is when none has it (English pages). `undefined` stays `undefined`,
 * for optional errors. A hook of its own, apart from `useT`, so that only the pages that word
 * sentences in the browser (forms) carry the phrasebook's code: the collection and product pages
 * are at their JavaScript budget (tests/e2e/bundle-budget.spec.ts).
 */
export function usePhrase(): <T extends string | undefined>(text: T) => T {
  const matches = useMatches();
  const phrases: Record<string, string> = {};
  for (const match of matches) Object.assign(phrases, (match.data as LoaderPhrases | undefined)?.phrases);
  return (text) => (text === undefined ? text : phraseIn(phrases, text)) as typeof text;
}
