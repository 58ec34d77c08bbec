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
/** A claim left unfinished this long (its process died) lapses. */
const ABANDONED_AFTER = `interval '5 minutes'`;

@Injectable()
export class IdempotencyKeyRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims the key for a request with this hash in one atomic statement, else reports its earlier use.
   * The claim commits at once, outside the request's transaction: a repeat running meanwhile sees it.
   */
  claim(ref: IdempotencyKeyRef, requestHash: Buffer): Promise<IdempotencyClaim> {
    return this.db.outsideTransaction((manager) => this.claimWith(manager, ref, requestHash));
  }

  private async claimWith(
    manager: EntityManager,
    ref: IdempotencyKeyRef,
    requestHash: Buffer,
  ): Promise<IdempotencyClaim> {
    const params = [ref.organizationId, ref.endpoint, ref.key, requestHash];
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed: unknown[] = await manager.query(
        `INSERT INTO idempotency_key AS k (organization_id, endpoint, key, request_hash)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (organization_id, endpoint, key) DO UPDATE
           SET request_hash = EXCLUDED.request_hash, status = 'in_progress',
               response_status = NULL, response_body = NULL, created_at = now()
           WHERE k.created_at < now() - ${TTL}
              OR (k.status = 'in_progress' AND k.created_at < now() - ${ABANDONED_AFTER})
         RETURNING 1`,
        params,
      );
      if (claimed.length > 0) return { kind: 'claimed' };
      const [earlier] = await manager.query(
        `SELECT request_hash, status, response_status, response_body FROM idempotency_key
          WHERE organization_id = $1 AND endpoint = $2 AND key = $3`,
        params.slice(0, 3),
      );
      if (!earlier) continue;
      if (!requestHash.equals(earlier.request_hash)) return { kind: 'reused-with-other-request' };
      if (earlier.status === 'in_progress') return { kind: 'in-progress' };
      return { kind: 'replay', status: earlier.response_status, body: earlier.response_body };
    }
    return { kind: 'in-progress' };
  }

  /** Stores the response, in the transaction that did the work, so both commit or neither. */
  async complete(
    manager: EntityManager,
    ref: IdempotencyKeyRef,
    response: { status: number; body: unknown },
  ): Promise<void> {
    await manager.query(
      `UPDATE idempotency_key SET status = 'done', response_status = $4, response_body = $5
        WHERE organization_id = $1 AND endpoint = $2 AND key = $3`,
      [ref.organizationId, ref.endpoint, ref.key, response.status, JSON.stringify(response.body)],
    );
  }

  /** Frees a claim whose request failed, so the client may retry with the same key. */
  async release(ref: IdempotencyKeyRef): Promise<void> {
    await this.db.outsideTransaction((manager) =>
      manager.query(
      `DELETE FROM idempotency_key
        WHERE organization_id = $1 AND endpoint = $2 AND key = $3 AND status = 'in_progress'`,
        [ref.organizationId, ref.endpoint, ref.key],
      ),
    );
  }

  async deleteExpired(): Promise<number> {
    const [, count] = (await this.db.manager.query(
      `DELETE FROM idempotency_key WHERE created_at < now() - ${TTL}`,
    )) as [unknown[], number];
    return count;
  }
}
