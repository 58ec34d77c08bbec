/**
 * How a Telnyx call failed: `answered` (Telnyx replied with an error status), `unreachable` (the
 * request never left: Telnyx cannot have received it) or `unknown` (a timeout or a connection lost
 * after sending: it may have arrived).
 */
export type TelnyxFailure = 'answered' | 'unreachable' | 'unknown';

/** A failed Telnyx call, with Telnyx's first error (`{ errors: [{ code, title, detail }] }`). */
export class TelnyxError extends Error {
  constructor(
    readonly failure: TelnyxFailure,
    /** The HTTP status, when Telnyx answered. */
    readonly status: number | null,
    readonly code: string | null,
    readonly detail: string,
    /** Seconds Telnyx asked to wait (Retry-After), when it did. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(status === null ? detail : `Telnyx answered ${status}: ${detail}`);
    this.name = 'TelnyxError';
  }

  /** Worth trying again later: Telnyx was unavailable, overloaded, or did not answer in time. */
  get retryable(): boolean {
    return this.status === null || this.status === 429 || this.status >= 500;
  }
}
