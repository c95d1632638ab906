/**
 * The newsletter's sentences as a shopper reads them (issue 24 item 3), written out here so the
 * browser tests check the words on the page, not the module that renders them.
 */
export const CONSENT_VERSION = "2026-11-v1";
export const CONSENT_WORDS = "Send me the store's newsletter: new watches and offers, about twice a month. You can unsubscribe from any email.";
export const CHECK_INBOX =
  "Thank you! If this address can receive our newsletter, we have sent it an email: open the link in it to confirm your subscription.";
export const CONFIRMED = "You're subscribed. Thank you for confirming — the next newsletter will reach you.";
export const UNSUBSCRIBED = "You're unsubscribed. You won't get our newsletter any more.";
