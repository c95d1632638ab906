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
import { createDatabase, migrateToLatest } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { getEnv } from "~/config/env.server";
import { listStaff, setStaffRole } from "~/services/staff.server";

const USAGE = `Usage: npm run staff:add -- EMAIL --role owner|staff
       npm run staff:remove -- EMAIL
       npm run staff:add -- --list`;

/** Parses `add|remove EMAIL [--role ROLE]`; null when the words make no command. */
function parseArgs(args: string[]): { command: "add" | "remove" | "list"; email?: string; role?: string } | null {
  const [command, ...rest] = args;
  if (command !== "add" && command !== "remove") return null;
  if (rest.includes("--list")) return { command: "list" };
  let role: string | undefined;
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--role") role = rest[++i];
    else if (rest[i].startsWith("--role=")) role = rest[i].slice("--role=".length);
    else words.push(rest[i]);
  }
  if (words.length !== 1) return null;
  if (command === "add" && !role) return null;
  return { command, email: words[0].trim().toLowerCase(), role };
}

async function main(): Promise<number> {
  const parsed = parseArgs(process.argv.slice(2));
  if (!parsed) {
    console.error(USAGE);
    return 1;
  }
  const db = createDatabase(getEnv().DATABASE_URL);
  try {
    await migrateToLatest(db);
    if (parsed.command === "list") {
      const staff = await listStaff(db);
      if (staff.length === 0) console.log("No staff yet. Make the first owner: npm run staff:add -- EMAIL --role owner");
      for (const member of staff) console.log(`${member.role.padEnd(5)}  ${member.email}`);
      return 0;
    }
    const result = await setStaffRole(
      db,
      { email: parsed.email, role: parsed.command === "add" ? parsed.role : null },
      { id: null, email: "cli:staff", role: "cli" },
    );
    if (result.before === result.after) console.log(`${result.email} is already ${result.after ?? "a shopper"}; nothing changed.`);
    else if (result.after) console.log(`${result.email} is now ${result.after}. They sign in at /login and find the back office at /admin.`);
    else console.log(`${result.email} is a shopper again (was ${result.before}).`);
    return 0;
  } catch (error) {
    if (error instanceof BackendError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
