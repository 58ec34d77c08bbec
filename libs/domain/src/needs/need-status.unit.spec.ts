import { DECLINE_REASONS, NEED_STATUSES, type NeedStatus } from '@assist/contracts';
import { canMove, canReroute, isOverdue, moveDetailProblem } from './need-status';

const ALLOWED: Record<NeedStatus, NeedStatus[]> = {
  NEW: ['ACCEPTED', 'IN_PROGRESS', 'DECLINED', 'CANCELLED'],
  ACCEPTED: ['IN_PROGRESS', 'ON_HOLD', 'RESOLVED', 'CANCELLED'],
  IN_PROGRESS: ['ON_HOLD', 'RESOLVED', 'CANCELLED'],
  ON_HOLD: ['IN_PROGRESS', 'RESOLVED', 'CANCELLED'],
  RESOLVED: ['IN_PROGRESS'],
  DECLINED: [],
  CANCELLED: [],
};

describe('need status transitions', () => {
  const pairs = NEED_STATUSES.flatMap((from) => NEED_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s follows the lifecycle table', (from, to) => {
    expect(canMove(from, to)).toBe(ALLOWED[from].includes(to));
  });

  it('never allows a status to move to itself', () => {
    for (const status of NEED_STATUSES) expect(canMove(status, status)).toBe(false);
  });

  it.each(NEED_STATUSES)('re-routing %s', (status) => {
    expect(canReroute(status)).toBe(status !== 'RESOLVED' && status !== 'CANCELLED');
  });
});

describe('moveDetailProblem', () => {
  it('requires an outcome to resolve, and accepts it only then', () => {
    expect(moveDetailProblem('RESOLVED', {})).toMatchObject({ field: 'outcome' });
    expect(moveDetailProblem('RESOLVED', { outcome: 'MET' })).toBeNull();
    expect(moveDetailProblem('RESOLVED', { outcome: 'NOT_MET', reason: 'done' })).toBeNull();
    expect(moveDetailProblem('IN_PROGRESS', { outcome: 'MET' })).toMatchObject({
      field: 'outcome',
    });
  });

  it.each(DECLINE_REASONS)('accepts the decline reason %s', (reason) => {
    expect(moveDetailProblem('DECLINED', { reason })).toBeNull();
  });

  it('refuses a decline without a listed reason', () => {
    expect(moveDetailProblem('DECLINED', {})).toMatchObject({ field: 'reason' });
    expect(moveDetailProblem('DECLINED', { reason: 'too busy' })).toMatchObject({
      field: 'reason',
    });
  });

  it('requires a reason to cancel, in free text', () => {
    expect(moveDetailProblem('CANCELLED', {})).toMatchObject({ field: 'reason' });
    expect(moveDetailProblem('CANCELLED', { reason: null })).toMatchObject({ field: 'reason' });
    expect(moveDetailProblem('CANCELLED', { reason: 'duplicate request' })).toBeNull();
  });

  it('needs nothing for the other moves', () => {
    for (const to of ['ACCEPTED', 'IN_PROGRESS', 'ON_HOLD'] as const) {
      expect(moveDetailProblem(to, {})).toBeNull();
      expect(moveDetailProblem(to, { reason: 'waiting for documents' })).toBeNull();
    }
  });
});

describe('isOverdue', () => {
  const now = new Date('2024-05-01T12:00:00Z');
  const past = new Date('2024-05-01T11:59:59Z');

  it('is true only for a NEW need past its due date', () => {
    expect(isOverdue('NEW', past, now)).toBe(true);
    expect(isOverdue('NEW', now, now)).toBe(false);
    expect(isOverdue('NEW', new Date('2024-05-02T00:00:00Z'), now)).toBe(false);
    expect(isOverdue('NEW', null, now)).toBe(false);
    for (const status of NEED_STATUSES.filter((s) => s !== 'NEW')) {
      expect(isOverdue(status, past, now)).toBe(false);
    }
  });
});
