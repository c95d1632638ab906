// The slice of autocannon's API that the bench (scripts/bench/load.ts) uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; max: number; min: number; total: number };
  export type Result = {
    requests: Histogram & { sent: number };
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    "2xx": number;
    duration: number;
  };
  export type Options = {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    /** Seconds before a request counts as a timeout (default 10). */
    timeout?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn, cycling (the cluster bench's rotating pages). */
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
