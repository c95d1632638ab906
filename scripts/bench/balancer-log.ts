/*
 * Reading HAProxy's output in the cluster bench (scripts/bench/cluster.ts; issue 49 item 5): its
 * `option httplog` request lines and its server state changes, as deploy/haproxy.cfg logs them.
 */

/** How often HAProxy took each store out of rotation (its "Server stores/storeN is DOWN" lines) in `log`. */
export function downEvents(log: string): Map<string, number> {
  const events = new Map<string, number>();
  for (const m of log.matchAll(/Server stores\/(\w+) is DOWN/g)) events.set(m[1], (events.get(m[1]) ?? 0) + 1);
  return events;
}

/**
 * The balancer's answers of status ≥ 400 in `log` (its `option httplog` lines: `… stores/store1
 * 0/0/0/12/12 200 …`), counted by server (`<NOSRV>`: no store in rotation) and status.
 */
export function failedAnswers(log: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const m of log.matchAll(/ stores\/(\S+) -?\d+\/-?\d+\/-?\d+\/-?\d+\/\+?-?\d+ (\d{3}) /g)) {
    if (Number(m[2]) < 400) continue;
    const key = `${m[2]} from ${m[1]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
