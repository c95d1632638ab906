import he from "he";
import { Marked, type Tokens } from "marked";

/**
 * The newsletter's emails (issue 24 item 3; DESIGN.md §22; docs/decisions/0720): pure, so the
 * service and the tests share them. The confirmation email carries the words the shopper agreed
 * to and the single-use link; every newsletter carries a visible unsubscribe link and the RFC 8058
 * one-click headers (`newsletterHeaders`). Every value is escaped for HTML with `he`.
 */

/** An email ready for the outbox: subject, HTML and text parts. */
export type NewsletterEmail = { subject: string; html: string; text: string };

/** A subject on one line: CR, LF and other control characters become spaces (no header injection). */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
}

function page(title: string, body: string, lang = "en-IN"): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${he.escape(title)}</title></head><body style="font-family:Arial,sans-serif;color:#111;line-height:1.5">${body}</body></html>`;
}

/**
 * The email that asks an address to confirm its subscription (double opt-in): the consent words,
 * the link (valid `validDays` days, once) and what to do if the shopper never asked. In Hindi for
 * a sign-up from a Hindi page (`language: "hi"`: its consent words were the Hindi version; issue 27,
 * docs/decisions/0910).
 */
export function renderConfirmationEmail(facts: { storeName: string; confirmUrl: string; consentText: string; validDays: number; language?: "en" | "hi" }): NewsletterEmail {
  if (facts.language === "hi") return renderHindiConfirmationEmail(facts);
  const subject = oneLine(`Confirm your subscription to the ${facts.storeName} newsletter`);
  const text = [
    `Please confirm that you want the ${facts.storeName} newsletter.`,
    "",
    "You agreed to:",
    `"${facts.consentText}"`,
    "",
    `Confirm here (the link works once, for ${facts.validDays} days):`,
    facts.confirmUrl,
    "",
    "If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.",
  ].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px">Confirm your subscription</h1>` +
      `<p>Please confirm that you want the ${he.escape(facts.storeName)} newsletter. You agreed to:</p>` +
      `<blockquote style="border-left:3px solid #999;margin:0;padding-left:12px">${he.escape(facts.consentText)}</blockquote>` +
      `<p><a href="${he.escape(facts.confirmUrl)}">Confirm my subscription</a> (the link works once, for ${facts.validDays} days).</p>` +
      `<p>If you did not ask for this, ignore this email: you will not be subscribed and we will not write again.</p>`,
  );
  return { subject, html, text };
}

/** The confirmation email in Hindi (renderConfirmationEmail's words, sentence for sentence). */
function renderHindiConfirmationEmail(facts: { storeName: string; confirmUrl: string; consentText: string; validDays: number }): NewsletterEmail {
  const subject = oneLine(`${facts.storeName} न्यूज़लेटर का सब्सक्रिप्शन कन्फ़र्म करें`);
  const ignore = "अगर आपने यह नहीं माँगा था, तो इस ईमेल को अनदेखा करें: आपको सब्सक्राइब नहीं किया जाएगा और हम आपको फिर नहीं लिखेंगे।";
  const text = [
    `कृपया पुष्टि करें कि आप ${facts.storeName} का न्यूज़लेटर पाना चाहते हैं।`,
    "",
    "आपने इस पर सहमति दी:",
    `"${facts.consentText}"`,
    "",
    `यहाँ कन्फ़र्म करें (लिंक एक ही बार, ${facts.validDays} दिनों तक काम करता है):`,
    facts.confirmUrl,
    "",
    ignore,
  ].join("\n");
  const html = page(
    subject,
    `<h1 style="font-size:20px">अपना सब्सक्रिप्शन कन्फ़र्म करें</h1>` +
      `<p>कृपया पुष्टि करें कि आप ${he.escape(facts.storeName)} का न्यूज़लेटर पाना चाहते हैं। आपने इस पर सहमति दी:</p>` +
      `<blockquote style="border-left:3px solid #999;margin:0;padding-left:12px">${he.escape(facts.consentText)}</blockquote>` +
      `<p><a href="${he.escape(facts.confirmUrl)}">मेरा सब्सक्रिप्शन कन्फ़र्म करें</a> (लिंक एक ही बार, ${facts.validDays} दिनों तक काम करता है)।</p>` +
      `<p>${ignore}</p>`,
    "hi",
  );
  return { subject, html, text };
}

/** http(s) and mailto links only; anything else (javascript:, data:) is dropped to its text. */
function safeHref(href: string): string | null {
  try {
    const url = new URL(href);
    return ["http:", "https:", "mailto:"].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Markdown as the owner writes it, made safe for an email: raw HTML is shown as text (never
 * rendered), images are left out (their alt text stays), links keep only http(s) and mailto.
 */
const markdown = new Marked({
  gfm: true,
  breaks: true,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag) {
      return he.escape(token.text);
    },
    image(token: Tokens.Image) {
      return he.escape(token.text);
    },
    link(this: { parser: { parseInline: (tokens: Tokens.Link["tokens"]) => string } }, token: Tokens.Link) {
      const inner = this.parser.parseInline(token.tokens);
      const href = safeHref(token.href);
      return href ? `<a href="${he.escape(href)}">${inner}</a>` : inner;
    },
  },
});

/** The owner's Markdown as safe HTML (see `markdown`). */
export function newsletterBodyHtml(text: string): string {
  return markdown.parse(text, { async: false });
}

/**
 * One newsletter as one subscriber receives it: the owner's subject (on one line), the body as
 * safe HTML and as the text the owner wrote, and a visible unsubscribe link at the end of both.
 */
export function renderNewsletterEmail(facts: { storeName: string; subject: string; bodyMarkdown: string; unsubscribeUrl: string }): NewsletterEmail {
  const subject = oneLine(facts.subject);
  const footerText = `You get this email because you subscribed to the ${facts.storeName} newsletter. Unsubscribe with one click: ${facts.unsubscribeUrl}`;
  const text = `${facts.bodyMarkdown.replace(/\r\n?/g, "\n").trim()}\n\n--\n${footerText}\n`;
  const html = page(
    subject,
    `${newsletterBodyHtml(facts.bodyMarkdown)}<hr><p style="font-size:13px;color:#444">You get this email because you subscribed to the ${he.escape(facts.storeName)} newsletter. ` +
      `<a href="${he.escape(facts.unsubscribeUrl)}">Unsubscribe</a> with one click.</p>`,
  );
  return { subject, html, text };
}

/**
 * The headers of every newsletter (RFC 2369, RFC 8058 one-click): `List-Unsubscribe` with the
 * unsubscribe URL (POST to it unsubscribes) and, when configured, a mailto; and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
export function newsletterHeaders(unsubscribeUrl: string, mailto?: string | null): Record<string, string> {
  const targets = [`<${unsubscribeUrl}>`];
  if (mailto) targets.push(`<mailto:${mailto}?subject=unsubscribe>`);
  return { "List-Unsubscribe": targets.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** The progress of one send, as the back office shows it. */
export type NewsletterProgress = {
  /** Messages queued: one per confirmed subscriber at the time of sending. */
  queued: number;
  sent: number;
  /** Given up after the outbox's retries. */
  failed: number;
  /** Not sent because the subscriber unsubscribed before their turn. */
  cancelled: number;
  /** Recipients of this send who unsubscribed after it was queued. */
  unsubscribedSince: number;
};

/** "120 queued · 60 sent · 0 failed · 2 unsubscribed since" (and "· 1 not sent (unsubscribed)" when any). */
export function progressLine(progress: NewsletterProgress): string {
  const parts = [`${progress.queued} queued`, `${progress.sent} sent`, `${progress.failed} failed`, `${progress.unsubscribedSince} unsubscribed since`];
  if (progress.cancelled > 0) parts.push(`${progress.cancelled} not sent (unsubscribed first)`);
  return parts.join(" · ");
}
