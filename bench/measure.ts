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
  const header = ['req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx'].map((h) => h.padStart(8));
  console.log(`\n${'scenario'.padEnd(44)} ${header.join(' ')}  ratio to reference`);
  for (const r of results) {
    const cells = [r.requestsPerSecond, r.p50, r.p99, r.errors, r.non2xx].map((value) =>
      String(value).padStart(8),
    );
    const ratio = r.ratio === undefined ? '' : `  ${r.ratio.toFixed(2)}`;
    console.log(`${r.name.padEnd(44)} ${cells.join(' ')}${ratio}`);
  }
}
