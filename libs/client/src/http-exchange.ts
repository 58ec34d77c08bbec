import type { ProblemDetails } from '@assist/contracts';
import { AssistProblemError } from './assist-problem-error';
import type { OperationRoute } from './operation-input';

export interface OutgoingRequest {
  url: string;
  body?: string;
}

function appendQuery(query: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
}

/** The URL and JSON body of one call: path parameters in the path, query ones in the query, the rest in the body. */
export function outgoingRequest(
  baseUrl: string,
  route: OperationRoute,
  input: Record<string, unknown>,
): OutgoingRequest {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(input[name])),
  );
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}${path}`);
  for (const name of route.queryParams) appendQuery(url.searchParams, name, input[name]);
  if (!route.body) return { url: url.href };
  const elsewhere = new Set([...route.pathParams, ...route.queryParams]);
  const body = Object.fromEntries(Object.entries(input).filter(([name]) => !elsewhere.has(name)));
  return { url: url.href, body: JSON.stringify(body) };
}

function isProblem(value: unknown): value is ProblemDetails {
  const candidate = value as Partial<ProblemDetails> | null;
  return typeof candidate?.status === 'number' && typeof candidate.title === 'string';
}

async function problemOf(response: Response): Promise<ProblemDetails> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (isProblem(parsed)) return { ...parsed, type: parsed.type ?? 'about:blank' };
  } catch {
    // Not JSON: a proxy's or load balancer's own error page.
  }
  return {
    type: 'about:blank',
    title: response.statusText || 'Error',
    status: response.status,
    detail: text.slice(0, 500),
  };
}

/** The body of a successful answer (undefined for 204); any other answer throws AssistProblemError. */
export async function responseBody(response: Response): Promise<unknown> {
  if (!response.ok) throw new AssistProblemError(await problemOf(response));
  const text = await response.text();
  if (!text) return undefined;
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
}

/** The `cursor` of the `Link: <...>; rel="next"` header, when a next page follows. */
export function nextCursor(headers: Headers): string | undefined {
  const next = /<([^>]+)>\s*;\s*rel="?next"?/.exec(headers.get('link') ?? '');
  return next
    ? (new URL(next[1], 'http://link.invalid').searchParams.get('cursor') ?? undefined)
    : undefined;
}
