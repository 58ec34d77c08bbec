import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { APP_CONFIG, type AppConfig } from '@app/config';
import { DomainError } from '@app/http';
import { BoundedWork } from './bounded-work';

export const MIN_PASSWORD_LENGTH = 12;

/** What a client refused for lack of hashing capacity is asked to wait, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 1;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

/**
 * A hash of a random password: verified against when no account matches, so timing does not tell.
 * Made on the first such login, not when the module loads (a hash costs about 0.2 s of CPU).
 */
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`));

/** Verifies against the decoy when there is no hash, so the cost is the same. */
async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash ?? (await decoyHash()), password);
  } catch {
    return false;
  }
}

/**
 * The password hashing of the auth use cases (argon2id, deliberately costly), as a provider: how many
 * hashes a request computes is part of what it reveals, and tests count them here. A process runs
 * at most PASSWORD_HASH_CONCURRENCY hashes and verifications at once and keeps PASSWORD_HASH_QUEUE
 * more waiting; a request that would not fit is refused with 503 and Retry-After, so no flood of
 * logins takes the CPU (and libuv's thread pool) from every other route.
 */
@Injectable()
export class PasswordHasher {
  private readonly work: BoundedWork;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const { concurrency, queue } = config.passwordHashing;
    this.work = new BoundedWork(concurrency, queue);
  }

  async hash(password: string): Promise<string> {
    const [hash] = await this.inTurn([() => hashPassword(password)]);
    return hash;
  }

  /** Verifies the password against each hash (undefined: the decoy), all in turn or none. */
  verifyEach(hashes: (string | undefined)[], password: string): Promise<boolean[]> {
    return this.inTurn(hashes.map((hash) => () => verifyPassword(hash, password)));
  }

  private inTurn<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
    const results = this.work.run(tasks);
    if (results) return results;
    throw new DomainError(
      'server-busy',
      'Too many passwords are being checked right now; try again shortly',
      { retryAfter: BUSY_RETRY_AFTER_SECONDS },
    );
  }
}
