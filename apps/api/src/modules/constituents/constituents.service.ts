import { Injectable } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { AuthContext, can, needsSharingConsent, needVisibility } from '@app/auth';
import { AuditLog, CONSTITUENT_FIELDS, ConstituentRepository, TenantContext } from '@app/database';
import { changedFields, ConstituentSearch, parseConstituentSearch } from '@app/domain';
import { DomainError } from '@app/http';
import {
  ConstituentResponseDto,
  CreateConstituentDto,
  CreatedConstituentResponseDto,
  DEFAULT_SEARCH_LIMIT,
  SearchConstituentsQueryDto,
} from './constituent.dto';
import { ConstituentConsents } from './constituent-consents';
import { ConstituentMergeService } from './constituent-merge.service';
import { ConstituentIntakeService } from './constituent-intake.service';
import { ConstituentRecords } from './constituent-records';
import { ContactDto, sentFields } from './contact.dto';
import { HouseholdMatchRaiser } from './household-match-raiser';
import { toHouseholdMatchResponse } from './household-match.dto';
import type { MergeConstituentsDto } from './merge.dto';

/**
 * Searching by name, phone or email tells whether a person is known: pii_reader only. Others who
 * list constituents may search by a need's reference number (among the needs they may see).
 */
function assertMaySearch(auth: AuthContext, search: ConstituentSearch | null): void {
  if (search?.kind !== 'reference' && !can(auth, Permission.PiiRead)) {
    throw DomainError.forbidden(
      'Searching by name, phone or email needs the pii_reader profile; search by a need reference number',
    );
  }
}

@Injectable()
export class ConstituentsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly constituents: ConstituentRepository,
    private readonly intake: ConstituentIntakeService,
    private readonly raiser: HouseholdMatchRaiser,
    private readonly merges: ConstituentMergeService,
    private readonly records: ConstituentRecords,
    private readonly consents: ConstituentConsents,
    private readonly audit: AuditLog,
  ) {}

  async create(
    auth: AuthContext,
    body: CreateConstituentDto,
  ): Promise<CreatedConstituentResponseDto> {
    const { constituent, matches } = await this.tenant.transaction(async (tx) => {
      const created = await this.intake.create(auth.organizationId, body, body.householdId ?? null);
      await this.audit.record(tx, {
        action: 'constituent.create',
        subjectType: 'constituent',
        subjectId: created.constituent.id,
      });
      return created;
    });
    return {
      ...(await this.records.one(auth, constituent)),
      matches: matches.map(toHouseholdMatchResponse),
    };
  }

  /** Logs the read (constituent.read) when it returns personal fields. */
  async get(auth: AuthContext, id: string): Promise<ConstituentResponseDto> {
    const constituent = await this.constituents.findLive(auth.organizationId, id);
    if (!constituent) throw DomainError.notFound('Constituent');
    const [record] = await this.records.read(auth, [constituent]);
    return record;
  }

  /**
   * Members bound by sharing consent find only constituents that currently give it. A search by
   * name, phone or email is logged with its kind and result count (constituent.search); the newest
   * list and a reference number search log each record returned with personal fields.
   */
  async search(
    auth: AuthContext,
    query: SearchConstituentsQueryDto,
  ): Promise<ConstituentResponseDto[]> {
    const limit = query.limit ?? DEFAULT_SEARCH_LIMIT;
    const sharedOnly = needsSharingConsent(auth, await this.consents.sharingPolicy(auth));
    if (query.query === undefined) {
      const newest = await this.constituents.listRecent(auth.organizationId, limit, sharedOnly);
      return this.records.read(auth, newest);
    }
    const search = parseConstituentSearch(query.query);
    assertMaySearch(auth, search);
    // Nothing searchable (empty, white space, only punctuation, %, _, \) matches nobody.
    if (!search) return [];
    const found = await this.constituents.search(
      auth.organizationId,
      search,
      limit,
      needVisibility(auth),
      sharedOnly,
    );
    if (search.kind === 'reference') return this.records.read(auth, found);
    const records = await this.records.many(auth, found);
    await this.audit.recordRead({
      action: 'constituent.search',
      subjectType: 'constituent',
      subjectId: null,
      details: { kind: search.kind, resultCount: records.length },
    });
    return records;
  }

  /** Partial: omitted fields stay, null clears. Raises matches the new values suggest. */
  async update(auth: AuthContext, id: string, body: ContactDto): Promise<ConstituentResponseDto> {
    const updated = await this.tenant.transaction(async (tx) => {
      const [current] = await this.constituents.lockInOrder(auth.organizationId, [id]);
      if (!current || current.mergedIntoId) throw DomainError.notFound('Constituent');
      if (current.erasedAt) {
        throw new DomainError('constituent-erased', 'This constituent has been erased');
      }
      const changes = sentFields(body);
      const constituent = await this.constituents.update(auth.organizationId, current, changes);
      await this.raiser.raiseFor(auth.organizationId, constituent);
      await this.audit.record(tx, {
        action: 'constituent.update',
        subjectType: 'constituent',
        subjectId: id,
        details: {
          fields: changedFields(
            current,
            constituent,
            CONSTITUENT_FIELDS.filter((field) => field in changes),
          ),
        },
      });
      return constituent;
    });
    return this.records.one(auth, updated);
  }

  async optOut(auth: AuthContext, id: string): Promise<ConstituentResponseDto> {
    const constituent = await this.constituents.optOut(auth.organizationId, id);
    if (!constituent) throw DomainError.notFound('Constituent');
    return this.records.one(auth, constituent);
  }

  async merge(auth: AuthContext, body: MergeConstituentsDto): Promise<ConstituentResponseDto> {
    const target = await this.merges.transaction(() =>
      this.merges.mergeConstituents(auth.organizationId, {
        sourceId: body.sourceConstituentId,
        targetId: body.targetConstituentId,
        mergeHouseholds: body.mergeHouseholds ?? false,
        fieldOverrides: body.fieldOverrides ? sentFields(body.fieldOverrides) : {},
        mergedBy: auth.memberId,
        matchId: null,
      }),
    );
    return this.records.one(auth, target);
  }
}
