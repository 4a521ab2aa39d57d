/**
 * The load generator of the API benchmarks, autocannon, typed here for the options and results they use: the package
 * ships no types, so it is required untyped and given this one signature.
 */
import { createRequire } from 'node:module';

/** One request as autocannon is about to send it; `setupRequest` returns it changed (another address, body, …). */
export interface CannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** What a run measured: throughput, latency in ms, and the answers by HTTP status. */
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats?: Record<string, { count: number }>;
}

/** Sends requests to `url` on `connections` connections for `duration` seconds and resolves with what it measured. */
export const autocannon = createRequire(__filename)('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: { setupRequest: (req: CannonRequest) => CannonRequest }[];
}) => Promise<CannonResult>;
