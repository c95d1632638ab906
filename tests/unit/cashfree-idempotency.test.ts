import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { cashfreeIdempotencyKey, IDEMPOTENCY_NAMESPACE } from "~/payments/cashfree-request.server";

/** RFC 9562 §5.5 by hand: SHA-1 of the namespace's 16 bytes and the name, version 5, variant 10. */
function uuidV5ByHand(name: string, namespace: string): string {
  const bytes = crypto
    .createHash("sha1")
    .update(Buffer.concat([Buffer.from(namespace.replace(/-/g, ""), "hex"), Buffer.from(name, "utf8")]))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6] & 0x0f) | 0x50;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const CASHFREE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("Cashfree idempotency keys are UUIDs (openapi.yaml: x-idempotency-key format UUID)", () => {
  it("matches RFC 9562's own version-5 example when computed by hand (the hand computation is right)", () => {
    expect(uuidV5ByHand("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8")).toBe("2ed6657d-e927-568b-95e1-2665a8aea6a2");
  });

  it.each(["order-CI261201-ABC123", "link-CI261201-ABC123", "terminate-CI261201-ABC123", "cancel-CI261201-ABC123", "rf_0123456789abcdef01234567", "ऑर्डर-१"])(
    "%s → the name-based UUID of that name, the same on every call",
    (logical) => {
      const key = cashfreeIdempotencyKey(logical);
      expect(key).toMatch(CASHFREE_UUID);
      expect(key).toBe(uuidV5ByHand(logical, IDEMPOTENCY_NAMESPACE));
      expect(cashfreeIdempotencyKey(logical)).toBe(key);
    },
  );

  it("gives two attempts two keys, and sends a caller's own UUID unchanged (lower case)", () => {
    expect(cashfreeIdempotencyKey("order-A")).not.toBe(cashfreeIdempotencyKey("link-A"));
    expect(cashfreeIdempotencyKey("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe("3f2504e0-4f89-41d3-9a0c-0305e82c3301");
  });
});
