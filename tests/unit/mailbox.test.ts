import { describe, expect, it } from "vitest";
import { canonicalMailbox } from "~/lib/mailbox";

/**
 * The mailbox behind an address (issue 43 item 2; docs/decisions/0920): the key the stranger-mail
 * limits count by, so plus-addressing, Yahoo's dashes, Gmail's dots and googlemail don't walk around them.
 */
describe("canonicalMailbox", () => {
  it.each([
    ["Target+1@gmail.com", "target@gmail.com"],
    ["t.a.r.g.e.t@googlemail.com", "target@gmail.com"],
    ["  TARGET+refund@GoogleMail.COM ", "target@gmail.com"],
    ["asha.rao+shop@outlook.com", "asha.rao@outlook.com"],
    ["asha.rao+1@hotmail.com", "asha.rao@hotmail.com"],
    ["asha+x@live.com", "asha@live.com"],
    ["asha+x@icloud.com", "asha@icloud.com"],
    ["asha-shopping@yahoo.co.in", "asha@yahoo.co.in"],
    ["asha+y@yahoo.com", "asha@yahoo.com"],
    ["wendy+news@company.example", "wendy@company.example"],
    // Dots and dashes matter elsewhere: another person's mailbox.
    ["asha.rao@outlook.com", "asha.rao@outlook.com"],
    ["asha-rao@example.in", "asha-rao@example.in"],
    // A leading + or nothing before @ is left as typed (lower-cased).
    ["+x@gmail.com", "+x@gmail.com"],
    ["not-an-address", "not-an-address"],
  ])("%s → %s", (email, mailbox) => {
    expect(canonicalMailbox(email)).toBe(mailbox);
  });
});
