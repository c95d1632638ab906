import { describe, expect, it } from "vitest";
import { oncePerRequest, runInRequest, type RequestContext } from "~/observability/request-context.server";

/** A request context as the HTTP guard opens one (app/utils/http-guard.server.ts). */
const request = (method: string): RequestContext => ({ id: `test-${method}`, method, path: "/product/w00004" });

/** A reader that counts its calls and answers the count (1 for the first read, 2 for the second…). */
function countingReader() {
  let reads = 0;
  return { read: async () => ++reads, reads: () => reads };
}

describe("oncePerRequest (issue 49 item 5; docs/decisions/1025)", () => {
  it("a GET's loaders share one read of a key: three asks, one read, the same answer", async () => {
    const settings = countingReader();
    const answers = await runInRequest(request("GET"), () =>
      Promise.all([oncePerRequest("k", settings.read), oncePerRequest("k", settings.read), oncePerRequest("k", settings.read)]),
    );
    expect(answers).toEqual([1, 1, 1]);
    expect(settings.reads()).toBe(1);
  });

  it("HEAD shares too; other keys read on their own", async () => {
    const a = countingReader();
    const b = countingReader();
    await runInRequest(request("HEAD"), async () => {
      expect(await oncePerRequest("a", a.read)).toBe(1);
      expect(await oncePerRequest("b", b.read)).toBe(1);
      expect(await oncePerRequest("a", a.read)).toBe(1);
    });
    expect([a.reads(), b.reads()]).toEqual([1, 1]);
  });

  it("each request reads for itself: a second GET does not see the first one's answer", async () => {
    const settings = countingReader();
    expect(await runInRequest(request("GET"), () => oncePerRequest("k", settings.read))).toBe(1);
    expect(await runInRequest(request("GET"), () => oncePerRequest("k", settings.read))).toBe(2);
  });

  it("a POST reads every time (its action may change what its loaders then read)", async () => {
    const settings = countingReader();
    const answers = await runInRequest(request("POST"), async () => [await oncePerRequest("k", settings.read), await oncePerRequest("k", settings.read)]);
    expect(answers).toEqual([1, 2]);
  });

  it("outside a request (background work) reads every time", async () => {
    const settings = countingReader();
    expect([await oncePerRequest("k", settings.read), await oncePerRequest("k", settings.read)]).toEqual([1, 2]);
  });

  it("a failed read is shared as a failure, and the next request reads again", async () => {
    let reads = 0;
    const failing = async () => {
      reads += 1;
      throw new Error("database down");
    };
    await runInRequest(request("GET"), async () => {
      await expect(oncePerRequest("k", failing)).rejects.toThrow("database down");
      await expect(oncePerRequest("k", failing)).rejects.toThrow("database down");
    });
    expect(reads).toBe(1);
    await runInRequest(request("GET"), () => expect(oncePerRequest("k", failing)).rejects.toThrow("database down"));
    expect(reads).toBe(2);
  });
});
