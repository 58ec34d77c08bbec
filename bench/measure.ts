import autocannon from 'autocannon';

export interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Throughput relative to the reference server measured beside it. */
  ratio?: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  duration?: number;
  /** Builds each request (e.g. a fresh Idempotency-Key). */
  setupRequest?: autocannon.Request['setupRequest'];
}

/** Runs autocannon against one endpoint and keeps the figures we report. */
export async function measure(name: string, options: LoadOptions): Promise<ScenarioResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.duration ?? Number(process.env.BENCH_DURATION ?? 10),
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest }] : undefined,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function report(results: ScenarioResult[]): void {
  console.log(
    '\nscenario                               req/s     p50 ms   p99 ms   errors  non-2xx',
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(36)} ${String(r.requestsPerSecond).padStart(8)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`,
    );
  }
}
