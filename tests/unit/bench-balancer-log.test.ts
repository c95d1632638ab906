import { describe, expect, it } from "vitest";
import { downEvents, failedAnswers } from "../../scripts/bench/balancer-log";

// Lines as Debian's HAProxy 2.6 writes them with deploy/haproxy.cfg's `option httplog` (the first
// two copied from a run of it on this machine) and its state changes on standard error.
const LOG = [
  '127.0.0.1:58740 [02/Dec/2026:21:20:25.272] shop stores/store1 0/0/0/0/0 503 217 - - ---- 1/1/0/0/0 0/0 "GET / HTTP/1.1"',
  '127.0.0.1:58752 [02/Dec/2026:21:20:25.281] shop stores/store1 0/0/0/0/0 503 217 - - ---- 1/1/0/0/0 0/0 "GET /nope HTTP/1.1"',
  '127.0.0.1:58760 [02/Dec/2026:21:20:25.301] shop stores/store2 0/0/0/14/14 200 48211 - - ---- 50/50/49/25/0 0/0 "GET /collection?brand=Rolex&sort=low-high HTTP/1.1"',
  '127.0.0.1:58761 [02/Dec/2026:21:20:25.302] shop stores/store2 0/0/0/9/9 404 3120 - - ---- 50/50/49/25/0 0/0 "GET /product/w99999 HTTP/1.1"',
  "[WARNING]  (16222) : Server stores/store1 is DOWN, reason: Layer7 timeout, check duration: 501ms. 0 active and 0 backup servers left. 0 sessions active, 0 requeued, 0 remaining in queue.",
  "[ALERT]    (16222) : backend 'stores' has no server available!",
  '127.0.0.1:58770 [02/Dec/2026:21:20:26.010] shop stores/<NOSRV> 0/-1/-1/-1/0 503 217 - - SC-- 50/50/0/0/0 0/0 "GET / HTTP/1.1"',
  '127.0.0.1:58771 [02/Dec/2026:21:20:26.011] shop stores/<NOSRV> 0/-1/-1/-1/0 503 217 - - SC-- 50/50/0/0/0 0/0 "GET /product/w00004 HTTP/1.1"',
  '127.0.0.1:58772 [02/Dec/2026:21:20:26.012] shop stores/<NOSRV> 0/-1/-1/-1/0 503 217 - - SC-- 50/50/0/0/0 0/0 "GET /collection?brand=Casio&sort=newest HTTP/1.1"',
  "[WARNING]  (16222) : Server stores/store1 is UP, reason: Layer7 check passed, code: 200, check duration: 3ms. 1 active and 0 backup servers online.",
  "[WARNING]  (16222) : Server stores/store2 is DOWN, reason: Layer7 timeout, check duration: 500ms. 1 active and 0 backup servers left.",
  "[WARNING]  (16222) : Server stores/store1 is DOWN, reason: Layer7 timeout, check duration: 502ms. 1 active and 0 backup servers left.",
].join("\n");

describe("the cluster bench's reading of HAProxy's output (issue 49 item 5)", () => {
  it("counts the answers of status 400 and above by store and status, and only those", () => {
    expect(Object.fromEntries(failedAnswers(LOG))).toEqual({ "503 from store1": 2, "404 from store2": 1, "503 from <NOSRV>": 3 });
  });

  it("counts each store's departures from rotation, not its returns", () => {
    expect(Object.fromEntries(downEvents(LOG))).toEqual({ store1: 2, store2: 1 });
  });

  it("finds nothing in a log of good answers", () => {
    const good = LOG.split("\n")[2];
    expect(failedAnswers(good).size).toBe(0);
    expect(downEvents(good).size).toBe(0);
  });
});
