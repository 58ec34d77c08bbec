import type { TokenPairDto } from '@assist/contracts';
import { AssistProblemError } from './assist-problem-error';

/** Renew the access token this long before it expires, so a call never starts with a dying one. */
const EARLY_RENEWAL_MS = 30_000;

export interface TokenRenewal {
  refresh(refreshToken: string): Promise<TokenPairDto>;
  /** Logs in again with configured credentials; absent when the client has none. */
  login?: () => Promise<TokenPairDto>;
}

/** One generation of tokens: a renewal replaces the object, so a caller can tell whether it was renewed. */
export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresAt: number;
}

/**
 * The tokens of a logged-in client: renewed with the refresh token shortly before they expire or
 * when the API answers 401, once for any number of concurrent calls; when the refresh token is no
 * longer accepted, logs in again with the configured credentials (if any).
 */
export class TokenSession {
  private tokens: SessionTokens | null = null;
  private renewal: Promise<void> | null = null;

  constructor(
    private readonly renew: TokenRenewal,
    private readonly now: () => number = Date.now,
  ) {}

  start(pair: TokenPairDto): void {
    this.tokens = {
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      expiresAt: this.now() + pair.expiresIn * 1000,
    };
  }

  end(): void {
    this.tokens = null;
  }

  get refreshToken(): string | undefined {
    return this.tokens?.refreshToken;
  }

  /** The tokens to send: renewed first when they are about to expire, or when there are none yet. */
  async current(): Promise<SessionTokens | null> {
    const due = this.tokens
      ? this.tokens.expiresAt - EARLY_RENEWAL_MS <= this.now()
      : this.renew.login !== undefined;
    if (due) await this.renewed(this.tokens);
    return this.tokens;
  }

  /** Whether a 401 to the `rejected` tokens is worth a retry: they were renewed since, or could be now. */
  async renewAfterRejection(rejected: SessionTokens | null): Promise<boolean> {
    if (!this.tokens && !this.renew.login) return false;
    try {
      await this.renewed(rejected);
    } catch (error) {
      if (error instanceof AssistProblemError) return false;
      throw error;
    }
    return this.tokens !== null && this.tokens !== rejected;
  }

  private async renewed(stale: SessionTokens | null): Promise<void> {
    if (this.tokens && this.tokens !== stale) return;
    this.renewal ??= this.exchange().finally(() => {
      this.renewal = null;
    });
    await this.renewal;
  }

  private async exchange(): Promise<void> {
    const refreshToken = this.tokens?.refreshToken;
    if (refreshToken) {
      try {
        return this.start(await this.renew.refresh(refreshToken));
      } catch (error) {
        if (!(error instanceof AssistProblemError && error.status === 401)) throw error;
        this.end();
        if (!this.renew.login) throw error;
      }
    }
    if (this.renew.login) this.start(await this.renew.login());
  }
}
