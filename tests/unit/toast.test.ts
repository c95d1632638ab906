import { beforeAll, describe, expect, it } from "vitest";

describe("flash toasts (DESIGN.md §10)", () => {
  beforeAll(() => {
    process.env.SESSION_SECRET = "toast-test-secret";
  });

  async function flashCookie() {
    const { redirectWithError } = await import("~/utils/toast.server");
    const response = await redirectWithError("/login", "Please Login with Account");
    expect(response.status).toBe(303);
    return response.headers.get("set-cookie")!.split(";")[0];
  }

  it("reads back the toast from its own signed cookie", async () => {
    const { getToast } = await import("~/utils/toast.server");
    const request = new Request("http://localhost/login", { headers: { cookie: await flashCookie() } });
    const { toast } = await getToast(request);
    expect(toast).toMatchObject({ message: "Please Login with Account", type: "error" });
  });

  it("ignores a toast cookie whose text was changed in the browser", async () => {
    const { getToast } = await import("~/utils/toast.server");
    const [name, value] = (await flashCookie()).split("=");
    const [payload, signature] = value.split(".");
    const forged = Buffer.from(
      Buffer.from(payload, "base64").toString("utf8").replace("Please Login with Account", "Send OTP to +91 99999 99999"),
    ).toString("base64");
    expect(signature).not.toBe("");
    const request = new Request("http://localhost/login", { headers: { cookie: `${name}=${forged}.${signature}` } });
    expect((await getToast(request)).toast).toBeUndefined();
  });
});
