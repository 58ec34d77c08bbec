import { Injectable } from '@nestjs/common';
import { queryPrepared } from '../sql';
import { SystemDatabase } from '../tenancy/system-database';
import type { OrganizationId } from '../tenancy/organization-id';
import { TenantContext } from '../tenancy/tenant-context';

/** A response as replayed: status, body and Location header. */
export interface StoredResponse {
  status: number;
  body: unknown;
  location: string | null;
}

/** How a key answers a new request: run it (the key is now held), or what an earlier use decided. */
export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'reused-with-other-request' }
  | { kind: 'in-progress' };

/** A key within the current organization. `endpoint` is the route, and the member on member routes. */
export interface IdempotencyKeyRef {
  endpoint: string;
  key: string;
  /** SHA-256 of the request. */
  requestHash: Buffer;
}

/** Keys expire after 24 hours. (Both intervals are also in claim_idempotency_key, 1763800017000.) */
const TTL = `interval '24 hours'`;
/** A claim row older than this is left by a crashed request (outside calls time out well before). */
const ABANDONED = `interval '2 minutes'`;

interface EarlierUse {
  request_hash: Buffer;
  response_status: number | null;
  response_body: unknown;
  response_location: string | null;
}

/** What `claim_idempotency_key` answers: whether the lock was taken, and the earlier use, if any. */
type ClaimRow = { held: boolean } & Omit<EarlierUse, 'request_hash'> & {
    request_hash: Buffer | null;
  };

function answerOf(ref: IdempotencyKeyRef, earlier: EarlierUse | undefined): IdempotencyClaim {
  if (!earlier) return { kind: 'claimed' };
  if (!ref.requestHash.equals(earlier.request_hash)) return { kind: 'reused-with-other-request' };
  if (earlier.response_status === null) return { kind: 'in-progress' };
  const { response_status: status, response_body: body, response_location: location } = earlier;
  return { kind: 'replay', response: { status, body, location } };
}

@Injectable()
export class IdempotencyKeyRepository {
  constructor(
    private readonly tenant: TenantContext,
    private readonly system: SystemDatabase,
  ) {}

  /**
   * Claims the key for the rest of the current transaction, else reports its earlier use. The claim
   * is a transaction-level advisory lock: a repeat while the first runs finds it taken (in-progress),
   * and it ends with the transaction, so a failed or crashed request leaves nothing behind. One
   * round trip: `claim_idempotency_key` takes the lock, then reads the key's earlier use in a
   * statement of its own (which sees every use committed before the lock was taken).
   */
  async claim(organizationId: OrganizationId, ref: IdempotencyKeyRef): Promise<IdempotencyClaim> {
    const [row] = await queryPrepared<ClaimRow[]>(
      this.tenant.manager,
      `SELECT held, request_hash, response_status, response_body, response_location
         FROM claim_idempotency_key($1, $2, $3)`,
      [organizationId, ref.endpoint, ref.key],
    );
    if (!row.held) return { kind: 'in-progress' };
    const { request_hash: requestHash } = row;
    return answerOf(ref, requestHash === null ? undefined : { ...row, request_hash: requestHash });
  }

  /**
   * Claims the key with a committed row (for work that calls out between its transactions), else
   * reports its earlier use. An expired use, or a claim abandoned by a crash, is taken over.
   */
  async claimDurably(
    organizationId: OrganizationId,
    ref: IdempotencyKeyRef,
  ): Promise<IdempotencyClaim> {
    const parameters = [organizationId, ref.endpoint, ref.key];
    const claimed = await this.tenant.manager.query(
      `INSERT INTO idempotency_key (organization_id, endpoint, key, request_hash)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, endpoint, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, created_at = now(),
             response_status = NULL, response_body = NULL, response_location = NULL
         WHERE idempotency_key.created_at < now() - ${TTL}
            OR (idempotency_key.response_status IS NULL
                AND idempotency_key.created_at < now() - ${ABANDONED})
       RETURNING true AS claimed`,
      [...parameters, ref.requestHash],
    );
    if (claimed.length > 0) return { kind: 'claimed' };
    const [earlier] = await this.tenant.manager.query(
      `SELECT request_hash, response_status, response_body, response_location FROM idempotency_key
        WHERE organization_id = $1 AND endpoint = $2 AND key = $3`,
      parameters,
    );
    return answerOf(ref, earlier);
  }

  /** Stores the response: in the transaction that did the work, when there is one. */
  async complete(
    organizationId: OrganizationId,
    ref: IdempotencyKeyRef,
    response: StoredResponse,
  ): Promise<void> {
    await queryPrepared(
      this.tenant.manager,
      `INSERT INTO idempotency_key (organization_id, endpoint, key, request_hash,
                                    response_status, response_body, response_location)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, endpoint, key) DO UPDATE
         SET request_hash = EXCLUDED.request_hash, response_status = EXCLUDED.response_status,
             response_body = EXCLUDED.response_body,
             response_location = EXCLUDED.response_location, created_at = now()`,
      [
        organizationId,
        ref.endpoint,
        ref.key,
        ref.requestHash,
        response.status,
        JSON.stringify(response.body),
        response.location,
      ],
    );
  }

  /** Gives a durable claim back after its request failed, so the client may try again. */
  async release(organizationId: OrganizationId, ref: IdempotencyKeyRef): Promise<void> {
    await this.tenant.manager.query(
      `DELETE FROM idempotency_key
        WHERE organization_id = $1 AND endpoint = $2 AND key = $3 AND response_status IS NULL`,
      [organizationId, ref.endpoint, ref.key],
    );
  }

  /** Crosses organizations (system role): every organization's expired keys (the maintenance job). */
  async deleteExpired(): Promise<number> {
    const [, count] = (await this.system.manager.query(
      `DELETE FROM idempotency_key WHERE created_at < now() - ${TTL}`,
    )) as [unknown[], number];
    return count;
  }
}
