import { createHash } from "node:crypto";
import { isUtf8 } from "node:buffer";
import { HtmlValidate, type ConfigData } from "html-validate";

/**
 * The check every HTML page the browser tests receive must pass (issue 22 item 4: "every byte the
 * store sends is right"): its bytes, then its markup.
 *
 * Bytes: no control byte other than tab, line feed and carriage return (0x00–0x08, 0x0B, 0x0C,
 * 0x0E–0x1F, 0x7F; some crawlers stop reading at a NUL), and well-formed UTF-8.
 *
 * Markup: html-validate's "standard" preset, the rules about what the HTML standard allows rather
 * than style: duplicate ids (no-dup-id), ids with space or empty (valid-id, relaxed as the standard
 * is), elements closed out of order or left open (close-order), content models (a <div> in a <p>,
 * a button in a link: element-permitted-content, -parent, -order, -occurrences, -required-…),
 * attribute values and placement (attribute-allowed-values, attribute-misuse, no-dup-attr,
 * no-deprecated-attr), labels pointing at no form control (valid-for), one <main> (no-multiple-main),
 * autocomplete tokens (valid-autocomplete), bad character references, and so on. Plus
 * no-implicit-close, which names the element a misnested tag closed ("<p> is implicitly closed by
 * adjacent <div>") beside close-order's stray end tag. Left out: the "recommended" preset's style
 * rules (attribute case — React writes `charSet`, `autoComplete` —, void-style, inline style),
 * form-dup-name (checkboxes of one filter share a name, as HTML allows) and its accessibility
 * rules, which axe-core checks already (expectNoAxeViolations, including landmark-unique).
 */
const HTML_RULES: ConfigData = {
  extends: ["html-validate:standard"],
  rules: { "no-implicit-close": "error" },
};

/** Bytes that have no place in an HTML page: C0 controls except tab, LF and CR, and DEL. */
function isControlByte(byte: number) {
  return byte <= 0x08 || byte === 0x0b || byte === 0x0c || (byte >= 0x0e && byte <= 0x1f) || byte === 0x7f;
}

/**
 * Problems with a page's raw bytes: each control byte (up to 5, then a count) with its byte offset
 * from 0, and the offset of the first byte that is not well-formed UTF-8. Empty when the bytes are right.
 */
export function byteProblems(body: Uint8Array): string[] {
  const offsets: number[] = [];
  body.forEach((byte, offset) => {
    if (isControlByte(byte)) offsets.push(offset);
  });
  const problems = offsets
    .slice(0, 5)
    .map((offset) => `control byte 0x${body[offset].toString(16).padStart(2, "0")} at byte ${offset}`);
  if (offsets.length > 5) problems.push(`…and ${offsets.length - 5} more control bytes`);
  if (!isUtf8(body)) {
    const text = Buffer.from(body).toString("utf8");
    problems.push(`not UTF-8 from byte ${Buffer.byteLength(text.slice(0, text.indexOf("\uFFFD")))}`);
  }
  return problems;
}

let validator: HtmlValidate | undefined;

/** html-validate's errors for an HTML document under HTML_RULES, as "rule: message (selector, line L column C)". */
export async function markupProblems(html: string): Promise<string[]> {
  validator ??= new HtmlValidate(HTML_RULES);
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages
      .filter((message) => message.severity === 2)
      .map((message) => `${message.ruleId}: ${message.message} (${message.selector ?? "document"}, line ${message.line} column ${message.column})`),
  );
}

/** A document as the browser received it. */
export type ReceivedDocument = { url: string; status: number; body: Uint8Array };

/**
 * Problems with one received HTML document, each prefixed with its status and URL. The bytes are
 * always checked; the markup once per `seen` set for each status, path with query, and body (CSP
 * nonces, different on every response, are blanked before hashing), so a page many tests load is
 * validated once per run (tests/e2e/checked-once.ts).
 */
export async function documentProblems(document: ReceivedDocument, seen: { has(key: string): boolean; add(key: string): unknown } = new Set()): Promise<string[]> {
  const where = `${document.status} ${document.url}`;
  const problems = byteProblems(document.body);
  const html = Buffer.from(document.body).toString("utf8");
  const { pathname, search } = new URL(document.url);
  const hash = createHash("sha256").update(html.replace(/ nonce="[^"]*"/g, ' nonce=""')).digest("hex");
  const key = `${document.status} ${pathname}${search} ${hash}`;
  if (!seen.has(key)) {
    const markup = await markupProblems(html);
    // Only a document that passed is skipped next time: a failing one is reported wherever it recurs.
    if (markup.length === 0) seen.add(key);
    problems.push(...markup);
  }
  return problems.map((problem) => `${where}: ${problem}`);
}
