import { addBusinessHours, slaSchedule } from './sla-clock';
import { pauseSla, resumeSla } from './sla-pause';

const at = (iso: string) => new Date(iso);
const office = slaSchedule(
  {
    timezone: 'America/New_York',
    weekly_hours: Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => [
        day,
        { is_open: true, start: '09:00', end: '17:00' },
      ]),
    ),
  },
  null,
);

describe('pausing the SLA clock (ON_HOLD)', () => {
  it('keeps the open time left and moves the due date by the time spent paused', () => {
    const due = at('2024-03-06T16:00:00Z'); // Wednesday 11:00 in New York
    const paused = pauseSla(due, at('2024-03-05T15:00:00Z'), office); // Tuesday 10:00
    expect(paused).toEqual({
      dueDate: due,
      slaPausedAt: at('2024-03-05T15:00:00Z'),
      slaRemainingSeconds: 9 * 3600,
    });
    const resumed = resumeSla(paused, at('2024-03-08T20:00:00Z'), office); // Friday 15:00
    expect(resumed).toEqual({
      dueDate: addBusinessHours(at('2024-03-08T20:00:00Z'), 9, office),
      slaPausedAt: null,
      slaRemainingSeconds: null,
    });
    expect(resumed.dueDate).toEqual(at('2024-03-11T20:00:00Z')); // Monday 16:00, after the DST change
  });

  it('counts calendar time without a schedule', () => {
    const paused = pauseSla(at('2024-03-05T12:00:00Z'), at('2024-03-05T10:00:00Z'), null);
    expect(paused.slaRemainingSeconds).toBe(7200);
    expect(resumeSla(paused, at('2024-03-10T00:00:00Z'), null).dueDate).toEqual(
      at('2024-03-10T02:00:00Z'),
    );
  });

  it('leaves nothing when paused past the due date: the need is due as soon as it resumes', () => {
    const paused = pauseSla(at('2024-03-05T10:00:00Z'), at('2024-03-05T12:00:00Z'), null);
    expect(paused.slaRemainingSeconds).toBe(0);
    expect(resumeSla(paused, at('2024-03-07T00:00:00Z'), null).dueDate).toEqual(
      at('2024-03-07T00:00:00Z'),
    );
  });

  it('keeps a need without a due date without one', () => {
    const paused = pauseSla(null, at('2024-03-05T12:00:00Z'), office);
    expect(paused.slaRemainingSeconds).toBeNull();
    expect(resumeSla(paused, at('2024-03-07T00:00:00Z'), office).dueDate).toBeNull();
  });
});
