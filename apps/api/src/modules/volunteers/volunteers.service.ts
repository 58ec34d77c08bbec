import { Injectable } from '@nestjs/common';
import {
  assertMayScheduleShift,
  assertShiftVisible,
  AuthContext,
  partnerScope,
  ShiftScope,
  shiftScope,
} from '@app/auth';
import {
  isExclusionViolation,
  MemberRepository,
  PartnerRepository,
  ShiftWindow,
  VolunteerShiftEntity,
  VolunteerShiftRepository,
} from '@app/database';
import { DomainError } from '@app/http';
import {
  CreateShiftDto,
  DEFAULT_SHIFT_LIST_LIMIT,
  ListShiftsQueryDto,
  ShiftResponseDto,
  toShiftResponse,
  UpdateShiftDto,
} from './shift.dto';

const MAX_SHIFT_MS = 24 * 3600 * 1000;

/** A shift's time window: end after start, at most 24 hours long (400 naming `field`). */
function windowOf(start: Date, end: Date, field: string): ShiftWindow {
  if (end <= start) throw DomainError.invalid(field, 'end_time must be after start_time');
  if (end.getTime() - start.getTime() > MAX_SHIFT_MS) {
    throw DomainError.invalid(field, 'a shift lasts at most 24 hours');
  }
  return { startTime: start, endTime: end };
}

/** A scoped caller's filters narrow its scope; null when they name rows outside it (no results). */
function narrowedFilter(scope: ShiftScope, query: ListShiftsQueryDto): ShiftScope | null {
  const filter = {
    volunteerUserId: query.volunteer_user_id ?? scope.volunteerUserId,
    partnerId: query.partner_id ?? scope.partnerId,
  };
  const keys = Object.keys(scope) as (keyof ShiftScope)[];
  return keys.some((key) => filter[key] !== scope[key]) ? null : filter;
}

/** Volunteer shifts, scoped by libs/auth shiftScope; overlapping shifts of a volunteer are 409. */
@Injectable()
export class VolunteersService {
  constructor(
    private readonly shifts: VolunteerShiftRepository,
    private readonly members: MemberRepository,
    private readonly partners: PartnerRepository,
  ) {}

  async schedule(auth: AuthContext, input: CreateShiftDto): Promise<ShiftResponseDto> {
    const { organizationId } = auth;
    const shift = {
      volunteerUserId: input.volunteer_user_id,
      partnerId: input.partner_id ?? partnerScope(auth),
    };
    assertMayScheduleShift(auth, shift);
    const window = windowOf(new Date(input.start_time), new Date(input.end_time), 'end_time');
    await this.assertSchedulable(auth, shift.volunteerUserId);
    if (shift.partnerId && !(await this.partners.findById(organizationId, shift.partnerId))) {
      throw DomainError.invalid('partner_id', 'must be a partner of the organization');
    }
    return this.withoutOverlap(() => this.shifts.insert(organizationId, { ...shift, ...window }));
  }

  async reschedule(
    auth: AuthContext,
    shiftId: string,
    input: UpdateShiftDto,
  ): Promise<ShiftResponseDto> {
    const shift = await this.findVisible(auth, shiftId);
    const window = windowOf(
      input.start_time ? new Date(input.start_time) : shift.startTime,
      input.end_time ? new Date(input.end_time) : shift.endTime,
      input.end_time ? 'end_time' : 'start_time',
    );
    return this.withoutOverlap(async () => {
      const updated = await this.shifts.updateWindow(auth.organizationId, shiftId, window);
      if (!updated) throw DomainError.notFound('Shift');
      return updated;
    });
  }

  async list(auth: AuthContext, query: ListShiftsQueryDto): Promise<ShiftResponseDto[]> {
    const from = query.from ? new Date(query.from) : undefined;
    const to = query.to ? new Date(query.to) : undefined;
    if (from && to && from > to) throw DomainError.invalid('to', 'to must not be before from');
    const filter = narrowedFilter(shiftScope(auth), query);
    if (!filter) return [];
    const shifts = await this.shifts.list(auth.organizationId, {
      ...filter,
      from,
      to,
      limit: query.limit ?? DEFAULT_SHIFT_LIST_LIMIT,
    });
    return shifts.map(toShiftResponse);
  }

  async cancel(auth: AuthContext, shiftId: string): Promise<void> {
    await this.findVisible(auth, shiftId);
    await this.shifts.delete(auth.organizationId, shiftId);
  }

  /**
   * An active member the caller sees: a partner-scoped caller sees only its partner's members, so
   * any other is refused exactly like one of another organization (400, whoever it is).
   */
  private async assertSchedulable(auth: AuthContext, volunteerUserId: string): Promise<void> {
    const volunteer = await this.members.findById(auth.organizationId, volunteerUserId);
    const partnerId = partnerScope(auth);
    if (!volunteer?.isActive || (partnerId !== null && volunteer.partnerId !== partnerId)) {
      throw DomainError.invalid(
        'volunteer_user_id',
        `must be an active member of ${partnerId === null ? 'the organization' : 'your partner'}`,
      );
    }
  }

  private async findVisible(auth: AuthContext, shiftId: string): Promise<VolunteerShiftEntity> {
    const shift = await this.shifts.findById(auth.organizationId, shiftId);
    if (!shift) throw DomainError.notFound('Shift');
    assertShiftVisible(auth, shift);
    return shift;
  }

  private async withoutOverlap(
    write: () => Promise<VolunteerShiftEntity>,
  ): Promise<ShiftResponseDto> {
    try {
      return toShiftResponse(await write());
    } catch (error) {
      if (!isExclusionViolation(error)) throw error;
      throw DomainError.conflict('The volunteer already has a shift overlapping this time');
    }
  }
}
