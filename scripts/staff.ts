/**
 * The store owner's staff tool (issue 12 "Who gets in"; DESIGN.md §18):
 *
 *   npm run staff:add -- EMAIL --role owner|staff   give an existing account a back-office role
 *                                                   (the store's first owner is made this way)
 *   npm run staff:remove -- EMAIL                   make a staff member a shopper again
 *   npm run staff:add -- --list                     list the staff
 *
 * The account must exist (sign up on the store first). A changed role ends the account's open
 * sessions: the person signs in again at /login and finds the back office at /admin. Refuses
 * (exit code 1, nothing written) an unknown email, an unknown role and removing the last owner.
 * Every change is written to the audit log as "cli:staff". Uses DATABASE_URL like the store.
 */
import { parseArgs } from "node:util";
import { listStaff, setStaffRole } from "~/services/staff.server";
import { runOwnerCommand } from "./owner-command";

const USAGE = `Usage: npm run staff:add -- EMAIL --role owner|staff
       npm run staff:remove -- EMAIL
       npm run staff:add -- --list`;

const [command, ...rest] = process.argv.slice(2);

runOwnerCommand(USAGE, async (db) => {
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { role: { type: "string" }, list: { type: "boolean" } },
  });
  if (values.list) {
    const staff = await listStaff(db);
    if (staff.length === 0) console.log("No staff yet. Make the first owner: npm run staff:add -- EMAIL --role owner");
    for (const member of staff) console.log(`${member.role.padEnd(5)}  ${member.email}`);
    return 0;
  }
  if ((command !== "add" && command !== "remove") || positionals.length !== 1 || (command === "add" && !values.role)) {
    console.error(USAGE);
    return 1;
  }
  const result = await setStaffRole(
    db,
    { email: positionals[0].trim().toLowerCase(), role: command === "add" ? values.role : null },
    { id: null, email: "cli:staff", role: "cli" },
  );
  if (result.before === result.after) console.log(`${result.email} is already ${result.after ?? "a shopper"}; nothing changed.`);
  else if (result.after) console.log(`${result.email} is now ${result.after}. They sign in at /login and find the back office at /admin.`);
  else console.log(`${result.email} is a shopper again (was ${result.before}).`);
  return 0;
});
