import { z } from "zod";
import type { SimulatorState } from "./state.server";
import type { SimulatorControls } from "./types";

/**
 * The simulator's test controls (issue 44 item 3; docs/decisions/0962): what the next refund does,
 * how terminates answer, the surcharge on payments — each for every order or for one Cashfree
 * order_id / link_id (`for`). One parser for every way in: the simulator's methods
 * (CashfreeSimulator.setRefundOutcome …), the hosted page's test-controls form, and the fake
 * server's `POST /control` for the browser tests.
 */

/** At most this many refund plans wait to be used, and this many scoped terminate modes and surcharges are kept. */
const MAX_CONTROLS = 200;

/** A scope: "" (every order) or an order_id / link_id as Cashfree takes them (1–50 of [A-Za-z0-9_-]). */
const scopeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{0,50}$/, "for: an order_id or link_id (letters, digits, '_' and '-')")
  .default("");

/**
 * One control, as JSON or form fields: `{kind: "refund", outcome, pendingReads?}` (pendingReads an
 * integer 0..20), `{kind: "terminate", mode}`, `{kind: "surcharge", paise}` (an integer 0..10,00,000
 * paise, i.e. up to ₹10,000), `{kind: "reset"}`; each but reset with an optional `for`.
 */
export const controlSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("refund"),
    outcome: z.enum(["SUCCESS", "ONHOLD_THEN_SUCCESS", "CANCELLED", "FAILED"]),
    pendingReads: z.coerce.number().int().min(0).max(20).default(0),
    for: scopeSchema,
  }),
  z.object({ kind: z.literal("terminate"), mode: z.enum(["immediate", "requested"]), for: scopeSchema }),
  z.object({ kind: z.literal("surcharge"), paise: z.coerce.number().int().min(0).max(1_000_000), for: scopeSchema }),
  z.object({ kind: z.literal("reset") }),
]);

export type SimulatorControl = z.input<typeof controlSchema>;

/**
 * Applies one control to the simulator's state; throws a ZodError for a control that is not one of
 * controlSchema's. A refund plan is used once, by the next refund of an order in its scope;
 * terminate modes and surcharges hold until changed (a surcharge of 0 and the mode `immediate`
 * remove the scope's entry).
 */
export function applyControl(state: SimulatorState, input: SimulatorControl): void {
  const control = controlSchema.parse(input);
  if (control.kind === "reset") return resetControls(state);
  if (control.kind === "refund") {
    state.refundPlans.push({ for: control.for, outcome: control.outcome, pendingReads: control.pendingReads });
    if (state.refundPlans.length > MAX_CONTROLS) state.refundPlans.shift();
    return;
  }
  if (control.kind === "terminate") {
    if (control.mode === "immediate") state.terminateModes.delete(control.for);
    else state.terminateModes.set(control.for, control.mode);
    if (state.terminateModes.size > MAX_CONTROLS) state.terminateModes.delete(state.terminateModes.keys().next().value!);
    return;
  }
  if (control.paise === 0) state.surcharges.delete(control.for);
  else state.surcharges.set(control.for, control.paise);
  if (state.surcharges.size > MAX_CONTROLS) state.surcharges.delete(state.surcharges.keys().next().value!);
}

/** The controls as they stand: refund plans not yet used (oldest first), terminate modes and surcharges (paise) by scope. */
export function currentControls(state: SimulatorState): SimulatorControls {
  return {
    refundPlans: state.refundPlans.map((plan) => ({ ...plan })),
    terminateModes: Object.fromEntries(state.terminateModes),
    surcharges: Object.fromEntries(state.surcharges),
  };
}

/** Back to the defaults: no refund plans, immediate terminates, no surcharge. */
export function resetControls(state: SimulatorState): void {
  state.refundPlans.length = 0;
  state.terminateModes.clear();
  state.surcharges.clear();
}
