import type { CashfreeSimulator, SimulatorOptions } from "./simulator/types";
import { applyControl, currentControls, resetControls, type SimulatorControl } from "./simulator/controls.server";
import { handleApi } from "./simulator/api.server";
import { handleHosted } from "./simulator/hosted.server";
import { createSimulatorState } from "./simulator/state.server";
import { settleLink, settleOrder } from "./simulator/webhooks.server";

/**
 * A Cashfree-compatible payment simulator (DESIGN.md §9, docs/decisions/0231): the REST paths and
 * JSON of Cashfree PG 2025-01-01 that the store uses (`POST /orders`, `GET /orders/{id}`,
 * `GET /orders/{id}/payments`, `PATCH /orders/{id}` (terminate), `POST /links`, `GET /links/{id}`,
 * `POST /links/{id}/cancel`, `GET /links/{id}/orders`, refunds: `POST /orders/{id}/refunds`,
 * `GET /orders/{id}/refunds`, `GET /orders/{id}/refunds/{refund_id}`), with Cashfree's headers, error
 * bodies (`{message, code, type}`) and idempotency keys, plus a hosted payment page with "Pay" and
 * "Fail" buttons that, like Cashfree, sends a signed webhook to the notify URL and then returns
 * the shopper to the return URL.
 *
 * The store runs it in process when no Cashfree credentials are set ("Test mode"); the tests run
 * the same code as a separate fake server on loopback (tests/fakes/cashfree-server.ts). State is
 * kept in memory (it is a test double, not a ledger) and capped.
 *
 * It refuses what Cashfree refuses and plays the states Cashfree plays (issue 44 item 3;
 * docs/decisions/0962): refunds that stay PENDING, go ONHOLD, end CANCELLED or FAILED; terminates
 * answered TERMINATION_REQUESTED; surcharges on payments — chosen per test through the controls
 * below (setRefundOutcome, setTerminateMode, setSurcharge) or on the hosted page's test controls.
 *
 * The parts live in payments/simulator/: the REST API with one handler per endpoint
 * (api.server.ts), settling attempts and webhooks (webhooks.server.ts), the hosted page
 * (hosted.server.ts), the test controls (controls.server.ts), the memory (state.server.ts),
 * Cashfree's JSON, typed by the cashfree-pg models (shapes.server.ts), and the types (types.ts).
 */

export type {
  CashfreeSimulator,
  ControlScope,
  RecordedRequest,
  RefundOutcome,
  SimulatedOutcome,
  SimulatorControls,
  SimulatorFault,
  SimulatorOptions,
  TerminateMode,
} from "./simulator/types";
export { postedFromOrigin } from "./simulator/hosted.server";

/** Creates a simulator with its own in-memory state. */
export function createCashfreeSimulator(options: SimulatorOptions): CashfreeSimulator {
  const state = createSimulatorState(options);
  return {
    handleApi: (request, path) => handleApi(state, request, path),
    handleHosted: (request, path) => handleHosted(state, request, path),
    async settle(target, outcome, settleOptions = {}) {
      const notify = settleOptions.notify ?? true;
      if ("orderId" in target) {
        const order = state.orders.get(target.orderId);
        if (!order) throw new Error(`simulator: no order ${target.orderId}`);
        const { payment, webhook } = await settleOrder(state, order, outcome, notify);
        return { cfPaymentId: String(payment.cf_payment_id), webhook };
      }
      const link = state.links.get(target.linkId);
      if (!link) throw new Error(`simulator: no link ${target.linkId}`);
      const { payment, webhook } = await settleLink(state, link, outcome, notify);
      return { cfPaymentId: String(payment.cf_payment_id), webhook };
    },
    injectFault(fault) {
      state.faults.push({ times: 1, ...fault });
    },
    clearFaults() {
      state.faults.length = 0;
    },
    setRefundOutcome(outcome, options = {}) {
      applyControl(state, { kind: "refund", outcome, pendingReads: options.pendingReads ?? 0, for: options.for ?? "" });
    },
    setTerminateMode(mode, options = {}) {
      applyControl(state, { kind: "terminate", mode, for: options.for ?? "" });
    },
    setSurcharge(paise, options = {}) {
      applyControl(state, { kind: "surcharge", paise, for: options.for ?? "" });
    },
    applyControl: (control) => applyControl(state, control as SimulatorControl),
    controls: () => currentControls(state),
    resetControls: () => resetControls(state),
    requests: state.requests,
  };
}
