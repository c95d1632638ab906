/**
 * The cluster bench's arithmetic (scripts/bench/cluster.ts; issue 49 item 5; decision 1026): when a
 * warm-up is over, how the alternated throughput runs pair up, and the most two stores can show.
 */

/**
 * The warm-up before each measured load (decision 1026): rounds of WARMUP_ROUND_S s until the last
 * WARMUP_STEADY_ROUNDS rounds' pages a second lie within WARMUP_STEADY of their mean, max to min
 * (V8 has compiled the hot paths), after at least WARMUP_MIN_ROUNDS and at most WARMUP_MAX_ROUNDS.
 * A fixed 3 s warm-up measured a half-compiled store (pages a second still rising by half over
 * the next 15 s), and two stores each got half of it.
 */
export const WARMUP_ROUND_S = 5;
export const WARMUP_MIN_ROUNDS = 4;
export const WARMUP_MAX_ROUNDS = 8;
export const WARMUP_STEADY_ROUNDS = 3;
export const WARMUP_STEADY = 0.1;

/**
 * The throughput runs' order, stores a cluster: pairs in A B, B A, A B order, so that a drift in the
 * shared machine's speed during the runs falls on both sides alike (decision 1026).
 */
export const THROUGHPUT_ORDER = [1, 2, 2, 1, 1, 2] as const;

/**
 * Pairs THROUGHPUT_ORDER's runs two by two (each pair one 1-store and one 2-store run, in either
 * order) and answers each pair's 2-store rate over its 1-store rate. Throws when a pair is not one of each.
 */
export function pairRatios(runs: readonly { stores: number; rps: number }[]): number[] {
  const ratios: number[] = [];
  for (let i = 0; i + 1 < runs.length; i += 2) {
    const one = [runs[i], runs[i + 1]].find((r) => r.stores === 1);
    const two = [runs[i], runs[i + 1]].find((r) => r.stores === 2);
    if (!one || !two) throw new Error(`runs ${i} and ${i + 1} are not one 1-store and one 2-store run`);
    ratios.push(two.rps / one.rps);
  }
  return ratios;
}

/**
 * Whether a warm-up's rounds (pages a second each, in order) have reached a steady state: at
 * least WARMUP_MIN_ROUNDS, and the last WARMUP_STEADY_ROUNDS spread (max − min) by at most
 * WARMUP_STEADY (10%) of their mean.
 */
export function warmUpSteady(rounds: readonly number[]): boolean {
  if (rounds.length < Math.max(WARMUP_MIN_ROUNDS, WARMUP_STEADY_ROUNDS)) return false;
  const last = rounds.slice(-WARMUP_STEADY_ROUNDS);
  const mean = last.reduce((a, b) => a + b, 0) / last.length;
  return mean > 0 && Math.max(...last) - Math.min(...last) <= WARMUP_STEADY * mean;
}

/**
 * The most two stores can serve as a multiple of one when a page costs the same CPU in both runs:
 * the machine's `cores` over the cores busy while one store was saturated (`oneStoreBusyCores`,
 * everything on the machine). Decision 1026.
 */
export function scaleCeiling(cores: number, oneStoreBusyCores: number): number {
  return oneStoreBusyCores > 0 ? Math.min(2, cores / oneStoreBusyCores) : 2;
}
