import { STATUS_CODES } from 'node:http';
import type { ProblemDetails } from '@assist/contracts';
import type { Response } from 'express';
import type { DomainError } from './domain-error';
import { PROBLEM_CATALOG } from './problem-catalog';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export function plainProblem(status: number, detail: string, instance?: string): ProblemDetails {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(instance ? { instance } : {}),
  };
}

export function sendProblem(response: Response, problem: ProblemDetails): void {
  if (problem.status === 401) response.setHeader('WWW-Authenticate', 'Bearer');
  if (problem.retry_after !== undefined)
    response.setHeader('Retry-After', String(problem.retry_after));
  response.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
}

export function domainProblem(error: DomainError, instance: string): ProblemDetails {
  const kind = PROBLEM_CATALOG[error.code];
  return {
    type: `/problems/${error.code}`,
    title: kind.title,
    status: kind.status,
    detail: error.detail,
    instance,
    ...(error.extras.retryAfter !== undefined ? { retry_after: error.extras.retryAfter } : {}),
    ...(error.extras.errors ? { errors: error.extras.errors } : {}),
    ...(error.extras.purpose ? { purpose: error.extras.purpose } : {}),
  };
}
