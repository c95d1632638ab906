/**
 * The mailbox behind an email address, for counting mail per recipient (issue 43 item 2;
 * docs/decisions/0920). Many addresses reach one mailbox: `Target+1@gmail.com`,
 * `t.a.r.g.e.t@googlemail.com` and `target@gmail.com` all land in Gmail's `target`. A limit kept
 * per exact address is walked around by writing them differently, so limits key on this instead.
 * Used for counting only: mail still goes to the address as typed. Pure and isomorphic.
 */

/** Domains that are another name of the same provider's mailboxes. */
const DOMAIN_ALIASES: Readonly<Record<string, string>> = { "googlemail.com": "gmail.com" };

/** Domains whose local part ignores dots (Gmail: "Dots don't matter in Gmail addresses"). */
const DOTS_IGNORED: ReadonlySet<string> = new Set(["gmail.com"]);

/**
 * Yahoo's "disposable addresses" are `base-keyword@…` (a `-`, not a `+`), so there the part from
 * the first `-` is dropped too.
 */
const DASH_SUBADDRESS: ReadonlySet<string> = new Set(["yahoo.com", "yahoo.co.in", "yahoo.in", "yahoo.co.uk", "ymail.com", "rocketmail.com"]);

/**
 * The canonical mailbox of `email`: trimmed and lower-cased; `+tag` dropped on every domain
 * (Gmail, Outlook/Hotmail/Live, iCloud, Fastmail, Proton and most mail servers deliver
 * `name+tag` to `name`; for a counting key, folding a domain that doesn't only makes its limit
 * stricter); `-tag` dropped on Yahoo's domains; dots dropped on Gmail; `googlemail.com` folded
 * into `gmail.com`. "Target+1@GoogleMail.com" → "target@gmail.com". A string without one `@`
 * comes back trimmed and lower-cased.
 */
export function canonicalMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0 || at === address.length - 1) return address;
  const typedDomain = address.slice(at + 1);
  const domain = DOMAIN_ALIASES[typedDomain] ?? typedDomain;
  let local = address.slice(0, at);
  const cut = (separator: string) => {
    const index = local.indexOf(separator);
    if (index > 0) local = local.slice(0, index);
  };
  cut("+");
  if (DASH_SUBADDRESS.has(domain)) cut("-");
  if (DOTS_IGNORED.has(domain)) local = local.replace(/\./g, "") || local;
  return `${local}@${domain}`;
}
