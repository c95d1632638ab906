/**
 * The password forms' sentences for route actions (issue 24 item 1), from a `.server` module: a
 * page whose browser code does not show them (/profile) then never fetches the account forms'
 * rules for its action alone (docs/decisions/0530). /profile's own words are the `profile`
 * messages of the catalogues (issue 27).
 */
export { PASSWORD_RESET_MESSAGES } from "~/schemas/password-reset-rules";
