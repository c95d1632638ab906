/*
 * Text from outside that the store cannot keep (issue 43 item 5; docs/decisions/0940). Pure and
 * isomorphic. One rule for every way text comes in — form fields, query values, route params,
 * Store API JSON — checked where each is read in one place each: the HTTP guard (path and query),
 * the form reader (http/body.server.ts, http/upload.server.ts) and the Store API's JSON reader
 * (utils/api.server.ts). So SQLite and PostgreSQL see the same text, and refuse the same with 400.
 */

import { UNREADABLE_TEXT_MESSAGE } from "~/schemas/api-constants";

/**
 * A NUL (PostgreSQL refuses it in text: a 500 before; SQLite stored it), U+FFFD (what a decoder
 * leaves for bytes that are not UTF-8: "Casio" + junk was saved as a brand) and a lone UTF-16
 * surrogate (no UTF-8 for it: the PostgreSQL driver writes U+FFFD instead).
 */
const UNSTORABLE = /[\u0000\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when `value` can be stored as it came, alike on both databases: no NUL, no U+FFFD, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/**
 * True when every string in a parsed JSON value (object keys too, at any depth) is storable text
 * (`isStorableText`); numbers, booleans and null always are. `JSON.parse` output only.
 */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === "string") return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value !== null && typeof value === "object") {
    return Object.entries(value).every(([key, inner]) => isStorableText(key) && isStorableJson(inner));
  }
  return true;
}

/** True when every field name and text value of a form is storable text (files are not text: their bytes are the upload's). */
export function isStorableForm(form: FormData): boolean {
  for (const [name, value] of form) {
    if (!isStorableText(name) || (typeof value === "string" && !isStorableText(value))) return false;
  }
  return true;
}

/**
 * True when a request target's path and query ("/product/x?pin=1", as sent, percent-encoded)
 * decode to storable text: the path's escapes must be UTF-8 (else `decodeURIComponent` throws)
 * and the query's names and values hold no NUL or U+FFFD (the WHATWG decoder's answer to bytes
 * that are not UTF-8). The fragment is never sent.
 */
export function isStorableTarget(target: string): boolean {
  const split = target.indexOf("?");
  const path = split === -1 ? target : target.slice(0, split);
  try {
    if (!isStorableText(decodeURIComponent(path))) return false;
  } catch {
    return false;
  }
  if (split === -1) return true;
  for (const [name, value] of new URLSearchParams(target.slice(split + 1))) {
    if (!isStorableText(name) || !isStorableText(value)) return false;
  }
  return true;
}

/** The Store API's and the form reader's 400 sentence for such text (kept in schemas/api-constants, below this layer). */
export { UNREADABLE_TEXT_MESSAGE };

/** The HTTP guard's page for a link with such text, in English; its Hindi is in the phrasebook's account group. */
export const UNREADABLE_LINK_PAGE = {
  title: "That link could not be read",
  text: "Nothing was done: the link holds characters the store cannot read (a NUL byte or text that is not UTF-8). Please go back and try again.",
  home: "Go to the {storeName} home page",
} as const;
