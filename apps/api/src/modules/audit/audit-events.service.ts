import { Injectable } from '@nestjs/common';
import {
  type AuditEvent,
  AuditEventRepository,
  type AuditChainHead,
  type OrganizationId,
} from '@app/database';
import { chainHash, GENESIS_HASH } from '@app/domain';
import { decodeKeysetCursor, DEFAULT_PAGE_SIZE, DomainError, encodeKeysetCursor } from '@app/http';
import type {
  AuditChainVerificationDto,
  AuditEventResponseDto,
  ListAuditEventsQueryDto,
} from './audit-event.dto';

/** Entries read per query while verifying: about 5 MB of rows in memory at a time. */
const VERIFY_BATCH = 10_000;

export interface AuditEventListPage {
  events: AuditEventResponseDto[];
  nextCursor: string | null;
}

/** Where a verification stands after the entries read so far. */
interface ChainWalk {
  entries: number;
  lastSequence: number;
  lastHash: string;
  firstBrokenSequence: number | null;
}

/** Checks one entry against the one read before it: its sequence follows, its hash recomputes. */
function walk(state: ChainWalk, event: AuditEvent): ChainWalk {
  const { hash, ...unhashed } = event;
  const broken =
    state.firstBrokenSequence ??
    (event.sequence !== state.lastSequence + 1 || chainHash(state.lastHash, unhashed) !== hash
      ? state.lastSequence + 1
      : null);
  return {
    entries: state.entries + 1,
    lastSequence: event.sequence,
    lastHash: hash,
    firstBrokenSequence: broken,
  };
}

/** The organization's access audit log, read by its org_admin (docs/AUDIT.md). */
@Injectable()
export class AuditEventsService {
  constructor(private readonly events: AuditEventRepository) {}

  async list(
    organizationId: OrganizationId,
    query: ListAuditEventsQueryDto,
  ): Promise<AuditEventListPage> {
    if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) {
      throw DomainError.invalid('to', 'to must not be before from');
    }
    const page = await this.events.page(
      organizationId,
      {
        actorId: query.actorId,
        subjectId: query.subjectId,
        actions: query.action,
        from: query.from,
        to: query.to,
      },
      query.limit ?? DEFAULT_PAGE_SIZE,
      query.cursor === undefined ? undefined : decodeKeysetCursor(query.cursor),
    );
    // The entries are already the API's shape: exactly what each hash covers.
    return { events: page.events, nextCursor: page.next && encodeKeysetCursor(page.next) };
  }

  /**
   * Recomputes the chain up to the head the last append left, in sequence order, a batch at a time
   * (the next batch is read while this one is hashed). The first entry that is missing or whose
   * hash does not recompute is the first broken sequence; so is the one after the last read when
   * entries at the end are missing.
   */
  async verify(organizationId: OrganizationId): Promise<AuditChainVerificationDto> {
    const head: AuditChainHead | null = await this.events.chainHead(organizationId);
    const last = head?.lastSequence ?? 0;
    let state: ChainWalk = {
      entries: 0,
      lastSequence: 0,
      lastHash: GENESIS_HASH,
      firstBrokenSequence: null,
    };
    let batch = this.events.chainBatch(organizationId, 0, last, VERIFY_BATCH);
    for (let events = await batch; events.length > 0; events = await batch) {
      const after = events[events.length - 1].sequence;
      batch =
        events.length === VERIFY_BATCH
          ? this.events.chainBatch(organizationId, after, last, VERIFY_BATCH)
          : Promise.resolve([]);
      for (const event of events) state = walk(state, event);
    }
    const firstBrokenSequence =
      state.firstBrokenSequence ?? (state.lastSequence < last ? state.lastSequence + 1 : null);
    return {
      verified: firstBrokenSequence === null,
      entries: state.entries,
      lastSequence: state.lastSequence,
      lastHash: state.lastHash,
      firstBrokenSequence,
    };
  }
}
