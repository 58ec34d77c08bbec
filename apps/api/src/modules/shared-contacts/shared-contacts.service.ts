import { Injectable } from '@nestjs/common';
import { Permission } from '@assist/contracts';
import { AuthContext, can } from '@app/auth';
import { contactPointsOf } from '@app/domain';
import { SharedContactRepository, TenantContext } from '@app/database';
import { DomainError } from '@app/http';
import { SharedContactPoints } from '../constituents';
import {
  DEFAULT_SHARED_CONTACT_PAGE,
  ListSharedContactsQueryDto,
  MarkSharedContactDto,
  SharedContactResponseDto,
  toSharedContactResponse,
} from './shared-contacts.dto';

/** The fields a kind of point needs, and those it must not have. */
const FIELDS = {
  PHONE: { needs: ['phone'], refuses: ['addressStreet', 'addressZip'] },
  ADDRESS: { needs: ['addressStreet', 'addressZip'], refuses: ['phone'] },
} as const;

function assertFieldsOf(body: MarkSharedContactDto): void {
  const { needs, refuses } = FIELDS[body.kind];
  for (const field of needs) {
    if (!body[field]) throw DomainError.invalid(field, `a ${body.kind} needs ${field}`);
  }
  for (const field of refuses) {
    if (body[field] !== undefined) {
      throw DomainError.invalid(field, `a ${body.kind} has no ${field}`);
    }
  }
}

/** Admins' marks of shared locations, and the points detected as shared. */
@Injectable()
export class SharedContactsService {
  constructor(
    private readonly tenant: TenantContext,
    private readonly entries: SharedContactRepository,
    private readonly sharedPoints: SharedContactPoints,
  ) {}

  /**
   * Marks a point shared or not, in place of its earlier mark; its detection, if any, is kept. The
   * answer is the same whatever was recorded of the point. Marking it shared withdraws the pending
   * suggestions that rested on it alone.
   */
  async mark(auth: AuthContext, body: MarkSharedContactDto): Promise<SharedContactResponseDto> {
    assertFieldsOf(body);
    const values = {
      phone: body.phone ?? null,
      email: null,
      addressStreet: body.addressStreet ?? null,
      addressZip: body.addressZip ?? null,
    };
    const [point] = contactPointsOf(values);
    if (!point) throw DomainError.invalid('addressStreet', 'addressStreet has no street in it');
    const shared = body.shared ?? true;
    const entry = await this.tenant.transaction(async () => {
      const marked = await this.entries.mark(auth.organizationId, {
        point,
        values,
        shared,
        label: body.label ?? null,
        markedBy: auth.memberId,
      });
      if (shared) await this.sharedPoints.withdrawResting(auth.organizationId, [point]);
      return marked;
    });
    return toSharedContactResponse(entry, can(auth, Permission.PiiRead));
  }

  async list(
    auth: AuthContext,
    query: ListSharedContactsQueryDto,
  ): Promise<SharedContactResponseDto[]> {
    const entries = await this.entries.list(
      auth.organizationId,
      query.limit ?? DEFAULT_SHARED_CONTACT_PAGE,
    );
    return entries.map((entry) => toSharedContactResponse(entry, can(auth, Permission.PiiRead)));
  }

  /** Forgets the mark or detection; a point still shared is detected again at its next intake. */
  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.entries.remove(auth.organizationId, id))) {
      throw DomainError.notFound('Shared contact');
    }
  }
}
