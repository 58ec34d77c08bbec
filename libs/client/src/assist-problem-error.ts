import { PROBLEM_CODES } from '@assist/contracts';
import type { FieldError, ProblemCode, ProblemDetails } from '@assist/contracts';

const PROBLEM_TYPE_PREFIX = '/problems/';

/** An error answer of the API: its RFC 9457 problem details, with the domain code when it has one. */
export class AssistProblemError extends Error {
  override readonly name = 'AssistProblemError';

  constructor(readonly problem: ProblemDetails) {
    super(`${problem.status} ${problem.title}: ${problem.detail}`);
  }

  get status(): number {
    return this.problem.status;
  }

  /** `not-found`, `validation-error`, `sms-daily-cap-reached`, ... (undefined for plain HTTP errors). */
  get code(): ProblemCode | undefined {
    const code = this.problem.type.startsWith(PROBLEM_TYPE_PREFIX)
      ? this.problem.type.slice(PROBLEM_TYPE_PREFIX.length)
      : undefined;
    return PROBLEM_CODES.find((known) => known === code);
  }

  /** The fields a 400 found wrong, each with its message. */
  get errors(): FieldError[] {
    return this.problem.errors ?? [];
  }

  /** Seconds to wait before retrying (429 only). */
  get retryAfter(): number | undefined {
    return this.problem.retry_after;
  }
}
