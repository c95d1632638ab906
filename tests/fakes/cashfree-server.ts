import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { createCashfreeSimulator, type CashfreeSimulator } from "~/payments/simulator.server";

/**
 * A fake Cashfree on loopback for the tests (DESIGN.md §14): the store's own simulator
 * (app/payments/simulator.server.ts) behind a real HTTP server, so the Cashfree client, the
 * webhook receiver and the browser flows are tested over the network exactly as with Cashfree.
 *
 *   /pg/*        Cashfree's REST API (point CASHFREE_API_BASE at {url}/pg)
 *   /hosted/*    the hosted payment page (payment links' link_url, session pages); like the store's
 *                simulator it refuses a Pay/Fail post from another origin (403), without CORS
 *   /modal/session/{id}  what Cashfree's modal does inside its own frame, for the stand-in of
 *                Cashfree's script (tests/fakes/cashfree-js-standin.ts): settles the session as
 *                the hosted page would and answers JSON readable by the store page's origin (the
 *                request's Origin echoed, never `*`)
 *   /control     POST JSON, the simulator's test controls for the browser tests (the fake runs in
 *                another process there): `{kind: "refund", outcome, pendingReads?, for?}`,
 *                `{kind: "terminate", mode, for?}`, `{kind: "surcharge", paise, for?}`,
 *                `{kind: "reset"}` (app/payments/simulator/controls.server.ts), or
 *                `{kind: "settle", orderId | linkId, outcome, notify?}` (CashfreeSimulator.settle);
 *                answers `{controls}` (or settle's answer); GET answers `{controls}`. 400 for
 *                anything else. Loopback only, as the whole fake.
 *   /healthz     200
 *
 * Run as a script it reads FAKE_CASHFREE_PORT (default 0 = any free port), FAKE_CASHFREE_CLIENT_ID,
 * FAKE_CASHFREE_CLIENT_SECRET and writes its base URL to FAKE_CASHFREE_URL_FILE when set.
 */

export type FakeCashfree = {
  /** Origin, e.g. http://127.0.0.1:43121 */
  url: string;
  /** REST base for CASHFREE_API_BASE: `${url}/pg`. */
  apiBase: string;
  simulator: CashfreeSimulator;
  close(): Promise<void>;
};

const settleSchema = z.object({
  kind: z.literal("settle"),
  orderId: z.string().min(1).optional(),
  linkId: z.string().min(1).optional(),
  outcome: z.enum(["SUCCESS", "FAILED", "USER_DROPPED", "PENDING"]),
  notify: z.boolean().optional(),
});

/** `/control`: the simulator's test controls over HTTP (see the file's docstring); JSON answers, 400 for a body that is not a control. */
async function control(simulator: CashfreeSimulator, method: string, body: Buffer): Promise<Response> {
  const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "content-type": "application/json" } });
  if (method === "GET") return json({ controls: simulator.controls() });
  if (method !== "POST") return json({ message: "GET or POST" }, 405);
  let input: unknown;
  try {
    input = JSON.parse(body.toString("utf8"));
  } catch {
    return json({ message: "the body is not JSON" }, 400);
  }
  const settle = settleSchema.safeParse(input);
  if (settle.success) {
    const { orderId, linkId, outcome, notify } = settle.data;
    if (!orderId === !linkId) return json({ message: "name one of orderId and linkId" }, 400);
    try {
      return json(await simulator.settle(orderId ? { orderId } : { linkId: linkId! }, outcome, { notify }));
    } catch (error) {
      return json({ message: (error as Error).message }, 404);
    }
  }
  try {
    simulator.applyControl(input);
  } catch (error) {
    return json({ message: error instanceof z.ZodError ? "not a control the simulator knows" : (error as Error).message }, 400);
  }
  return json({ controls: simulator.controls() });
}

export async function startFakeCashfree(options: {
  clientId: string;
  clientSecret: string;
  port?: number;
  host?: string;
}): Promise<FakeCashfree> {
  const host = options.host ?? "127.0.0.1";
  let origin = "";
  // The simulator needs the server's port for its hosted page URLs, so it is made after listen().
  const state: { simulator?: CashfreeSimulator } = {};

  const server = http.createServer(async (req, res) => {
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? "/", origin);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string") headers.set(name, value);
        else if (Array.isArray(value)) headers.set(name, value.join(", "));
      }
      const method = (req.method ?? "GET").toUpperCase();
      const request = new Request(url, {
        method,
        headers,
        body: method === "GET" || method === "HEAD" || body.length === 0 ? undefined : body,
      });

      let response: Response;
      const requestOrigin = req.headers.origin;
      const modalCors: Record<string, string> = requestOrigin ? { "access-control-allow-origin": requestOrigin, vary: "Origin" } : {};
      if (method === "OPTIONS" && url.pathname.startsWith("/modal/")) {
        response = new Response(null, {
          status: 204,
          headers: { ...modalCors, "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type, accept" },
        });
      } else if (method === "POST" && url.pathname.startsWith("/modal/session/")) {
        // Inside Cashfree's modal the Pay button is Cashfree's own page: settle as that page would.
        const inner = new Request(new URL(url.pathname.replace(/^\/modal/, "/hosted"), origin), {
          method: "POST",
          headers: { origin, accept: "application/json", "content-type": headers.get("content-type") ?? "application/x-www-form-urlencoded" },
          body,
        });
        const answer = await state.simulator!.handleHosted(inner, url.pathname.slice("/modal".length));
        response = new Response(answer.body, { status: answer.status, headers: { ...Object.fromEntries(answer.headers), ...modalCors } });
      } else if (url.pathname === "/control") {
        response = await control(state.simulator!, method, body);
      } else if (url.pathname === "/healthz") {
        response = new Response("ok");
      } else if (url.pathname.startsWith("/pg/")) {
        response = await state.simulator!.handleApi(request, url.pathname.slice("/pg".length));
      } else if (url.pathname.startsWith("/hosted/")) {
        response = await state.simulator!.handleHosted(request, url.pathname.slice("/hosted".length));
      } else {
        response = new Response("Not found", { status: 404 });
      }

      res.statusCode = response.status;
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      res.statusCode = 500;
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ message: (error as Error).message, code: "internal", type: "api_error" }));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;
  const simulator = createCashfreeSimulator({
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    hostedBaseUrl: `${origin}/hosted`,
  });
  state.simulator = simulator;

  return {
    url: origin,
    apiBase: `${origin}/pg`,
    simulator,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const runAsScript = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (runAsScript) {
  const fake = await startFakeCashfree({
    clientId: process.env.FAKE_CASHFREE_CLIENT_ID ?? "test_app_id",
    clientSecret: process.env.FAKE_CASHFREE_CLIENT_SECRET ?? "test_secret_key",
    port: Number(process.env.FAKE_CASHFREE_PORT ?? 0),
  });
  if (process.env.FAKE_CASHFREE_URL_FILE) fs.writeFileSync(process.env.FAKE_CASHFREE_URL_FILE, fake.url);
  console.log(`Fake Cashfree listening on ${fake.url} (REST base ${fake.apiBase})`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  // Started in the background by tests/setup/e2e-server.sh: stop when the store process is gone.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 2000).unref();
}
