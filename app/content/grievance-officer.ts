import { STORE_CONTACT } from "~/content/store-details";

/**
 * The grievance officer (Consumer Protection (E-Commerce) Rules 2020, rule 4(4); issue 25 item 3;
 * docs/decisions/0750): named on /grievance and in the acknowledgement email.
 *
 * STORE OWNER: put your officer's name, designation and address here before launch; placeholders
 * until then, like STORE_CONTACT.
 */
export const GRIEVANCE_OFFICER = {
  name: "Meera Iyer",
  designation: "Grievance Officer",
  email: "grievance@chronoindia.in",
  phone: STORE_CONTACT.phone,
  phoneHref: STORE_CONTACT.phoneHref,
  address: STORE_CONTACT.address,
} as const;
