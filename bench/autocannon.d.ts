// The part of autocannon 9's programmatic API the bench uses (the package ships no types).
declare module 'autocannon' {
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Stop after this many requests instead (overrides duration). */
    amount?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Requests in turn; `setupRequest` may change each one before it is sent. */
    requests?: {
      setupRequest?: (request: { headers?: Record<string, string> }) => {
        headers?: Record<string, string>;
      };
    }[];
    /** A run before the measured one, whose figures are not counted. */
    warmup?: { connections?: number; duration?: number };
  }

  export interface Histogram {
    mean: number;
    p99: number;
  }

  export interface Result {
    /** Requests per second, sampled each second; `total` is the count of the whole run. */
    requests: Histogram & { total: number };
    /** Milliseconds. */
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
  }

  export default function autocannon(options: Options): PromiseLike<Result>;
}
