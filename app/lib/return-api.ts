import { z } from "zod";
import { RETURN_REASONS, RETURN_RESOLUTIONS } from "~/lib/returns";
import { RETURN_MESSAGES } from "~/lib/return-requests";

/**
 * The Store API contract of return and exchange requests (here in lib, not app/schemas: its enums
 * are lib/returns.ts's, and schemas may not import lib — tests/unit/layers.test.ts) (issue 45 items 2 and 6; DESIGN.md §4,
 * §26; docs/decisions/0982-return-requests.md), isomorphic: the routes, the service and the
 * contract test read them.
 *
 * `POST /api/order/return` with the `token` header, body `returnRequestBodySchema`:
 *   `{ orderId, reason, resolution, description, lines: [{ lineIndex, quantity, exchangeColour? }] }`
 * → 201 `{ success: true, returnRequest: ReturnRequestJson }`. A key the schema does not name (a
 * refund `amount`, …) is refused: 400 with nothing written. Photos come only with the order page's
 * form (multipart); the JSON call takes none.
 *
 * `POST /api/order/returns` `{ orderId }` → `{ success: true, returns: ReturnRequestJson[],
 * offer: { open, late, lastDay, refusal, reasons: [{ reason, resolutions, lastDay }] } }`: the
 * order's requests, oldest first, and what it offers now (last days are IST dates "YYYY-MM-DD").
 *
 * ReturnRequestJson: `{ id, orderId, status, resolution, reason, description, photos: [url], late,
 * createdAt (ms), acknowledgeBy (ms), resolveBy (ms), rejectReason, pickup: { courier, awbNumber }
 * | null, exchangeShipment: { courier, awbNumber, trackingUrl } | null, lines: [{ lineIndex,
 * productId, name, colour, quantity, unitPrice (rupees), exchangeColour }] }`.
 * Errors: 400 a field's sentence, 401, 404 (another shopper's, unknown or unpaid order — the same
 * answer), 409 (a line already asked for; the exchange colour sold out), 422 (not delivered,
 * outside the window, a reason or resolution the store's policy does not offer); never 500.
 */

/** Most lines one request may name (an order has at most 200 lines). */
const MAX_LINES = 200;

export const returnLineInputSchema = z.strictObject(
  {
    lineIndex: z.number({ error: RETURN_MESSAGES.line }).int(RETURN_MESSAGES.line).min(0, RETURN_MESSAGES.line).max(MAX_LINES - 1, RETURN_MESSAGES.line),
    quantity: z.number({ error: RETURN_MESSAGES.lines }).int(RETURN_MESSAGES.lines).min(1, RETURN_MESSAGES.lines).max(1000, RETURN_MESSAGES.lines),
    exchangeColour: z.string({ error: RETURN_MESSAGES.exchangeColour }).max(100, RETURN_MESSAGES.exchangeUnknownColour).optional(),
  },
  { error: RETURN_MESSAGES.unknownField },
);

/** A request's fields as the service takes them (the form's and the API's alike). Strict: an unknown key is refused. */
export const returnRequestInputSchema = z.strictObject(
  {
    reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
    resolution: z.enum(RETURN_RESOLUTIONS, { error: RETURN_MESSAGES.resolution }),
    description: z.string({ error: RETURN_MESSAGES.description }),
    lines: z.array(returnLineInputSchema, { error: RETURN_MESSAGES.lines }).min(1, RETURN_MESSAGES.lines).max(MAX_LINES, RETURN_MESSAGES.lines),
  },
  { error: RETURN_MESSAGES.unknownField },
);
export type ReturnRequestInput = z.input<typeof returnRequestInputSchema>;

/** `POST /api/order/return`'s body: the request's fields and the order's id. */
export const returnRequestBodySchema = returnRequestInputSchema.extend({ orderId: z.string({ error: "Please give the order's id." }).max(64) });

/** `POST /api/order/returns`' body. */
export const orderReturnsBodySchema = z.object({ orderId: z.string({ error: "Please give the order's id." }).max(64) });
