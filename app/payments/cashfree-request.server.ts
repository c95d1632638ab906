import { v5 as uuidv5 } from "uuid";

/**
 * The namespace of the store's name-based idempotency keys (RFC 9562 UUID version 5). Fixed for
 * good: changing it would give a retried call a new key, and Cashfree would then treat a retry of
 * a create as a second request (docs/decisions/0961).
 */
export const IDEMPOTENCY_NAMESPACE = "72e55390-af78-5015-adcc-ab084ed60649";

/**
 * The `x-idempotency-key` Cashfree is sent for one logical attempt (Cashfree API 2025-01-01,
 * openapi.yaml: every `x-idempotency-key` is `format: UUID`). `logicalKey` is the store's own
 * name for the attempt ("order-{id}", "link-{id}", "terminate-{id}", "cancel-{id}", a refund id):
 * the same name gives the same UUID in every process and on every retry, so a create retried
 * after a timeout answers the first result instead of making a second order, link or refund.
 * A value that is already a UUID is sent as it is (a Store API client's own key). Never throws.
 */
export function cashfreeIdempotencyKey(logicalKey: string): string {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
  return uuid.test(logicalKey) ? logicalKey.toLowerCase() : uuidv5(logicalKey, IDEMPOTENCY_NAMESPACE);
}
