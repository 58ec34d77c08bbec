import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Database } from '../tenancy/database';

/** How a key answers a new request: run it (the key is now held), or what an earlier use decided. */
export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'reused-with-other-request' }
  | { kind: 'in-progress' };

export interface IdempotencyKeyRef {
  organizationId: string;
  endpoint: string;
  key: string;
}

/** Keys expire after 24 hours. */
const TTL = `interval '24 hours'`;

function refParameters(ref: IdempotencyKeyRef): string[] {
  return [ref.organizationId, ref.endpoint, ref.key];
}

@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the key for the rest of `manager`'s transaction, else reports its earlier use. The claim is
   * a transaction-level advisory lock: a repeat while the first runs finds it taken (in-progress),
   * and it ends with the transaction, so a failed or crashed request leaves nothing behind.
   */
  async claim(
    manager: EntityManager,
    ref: IdempotencyKeyRef,
    requestHash: Buffer,
  ): Promise<IdempotencyClaim> {
    const [{ held }] = await manager.query(
      `SELECT pg_try_advisory_xact_lock(hashtextextended($1 || ' ' || $2 || ' ' || $3, 0)) AS held`,
      refParameters(ref),
    );
    if (!held) return { kind: 'in-progress' };
    const [earlier] = await manager.query(
      `SELECT request_hash, response_status, response_body FROM idempotency_key
        WHERE organization_id = $1 AND endpoint = $2 AND key = $3 AND created_at >= now() - ${TTL}`,
      refParameters(ref),
    );
    if (!earlier) return { kind: 'claimed' };
    if (!requestHash.equals(earlier.request_hash)) return { kind: 'reused-with-other-request' };
    return { kind: 'replay', status: earlier.response_status, body: earlier.response_body };
  }

  /** Stores the response, in the transaction that did the work, so both commit or neither. */
  async complete(
    manager: EntityManager,
    ref: IdempotencyKeyRef,
    requestHash: Buffer,
    response: { status: number; body: unknown },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO idempotency_key
         (organization_id, endpoint, key, request_hash, response_status, response_body)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, endpoint, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
             response_body = EXCLUDED.response_body, created_at = now()`,
      [...refParameters(ref), requestHash, response.status, JSON.stringify(response.body)],
    );
  }

  async deleteExpired(): Promise<number> {
    const [, count] = (await this.db.manager.query(
      `DELETE FROM idempotency_key WHERE created_at < now() - ${TTL}`,
    )) as [unknown[], number];
    return count;
  }
}
