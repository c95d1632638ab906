/**
 * The store owner's delivery rules from the terminal (issue 13 item 2; DESIGN.md §19), beside the
 * back office's page:
 *
 *   npm run delivery:rules                       print the rules in force (JSON)
 *   npm run delivery:rules -- --set FILE.json    replace them with FILE's (`-` reads standard input)
 *   npm run delivery:rules -- --reset            go back to the defaults
 *   npm run delivery:rules -- --check PIN        what a shopper is told for PIN (an order of ₹1,000)
 *
 * `--set` parses FILE with the rules' schema (app/schemas/delivery.ts): a refusal prints the first
 * problem and exits 1, nothing written. Changes are audited as "cli:delivery". Uses DATABASE_URL.
 */
import fs from "node:fs";
import { parseArgs } from "node:util";
import { getEnv } from "~/config/env.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import { checkDelivery, readDeliveryRules, saveDeliveryRules } from "~/services/delivery.server";
import { runOwnerCommand } from "./owner-command";

const USAGE = "Usage: npm run delivery:rules -- [--set FILE.json | --reset | --check PIN]";
const ACTOR = { id: null, email: "cli:delivery" };

runOwnerCommand(USAGE, async (db) => {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { set: { type: "string" }, reset: { type: "boolean" }, check: { type: "string" } },
  });
  if (values.set !== undefined) {
    const text = fs.readFileSync(values.set === "-" ? 0 : values.set, "utf8");
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch {
      console.error(`${values.set} is not JSON.`);
      return 1;
    }
    await saveDeliveryRules(db, input, ACTOR);
    console.log("Delivery rules saved.");
    return 0;
  }
  if (values.reset) {
    await saveDeliveryRules(db, DEFAULT_DELIVERY_RULES, ACTOR);
    console.log("Delivery rules reset to the defaults.");
    return 0;
  }
  if (values.check !== undefined) {
    const answer = await checkDelivery(db, values.check, { amountPaise: 100_000, codEnabled: getEnv().ENABLE_COD });
    console.log(answer.message);
    if (answer.kind === "deliverable") console.log(answer.cod.message);
    return 0;
  }
  console.log(JSON.stringify(await readDeliveryRules(db), null, 2));
  return 0;
});
