import {
  addBusinessHours,
  addBusinessTime,
  BusinessSchedule,
  businessTimeBetween,
  OperatingHoursInput,
  slaSchedule,
} from './sla-clock';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const open = (start: string, end: string) => ({ is_open: true, start, end });
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
const EVERY_DAY = [...WEEKDAYS, 'saturday', 'sunday'] as const;

function schedule(hours: OperatingHoursInput, zone: string | null = null): BusinessSchedule {
  const result = slaSchedule(hours, zone);
  if (!result) throw new Error('expected a schedule');
  return result;
}

function days(names: readonly string[], start: string, end: string) {
  return Object.fromEntries(names.map((name) => [name, open(start, end)]));
}

const newYorkOffice = schedule({
  timezone: 'America/New_York',
  weekly_hours: days(WEEKDAYS, '09:00', '17:00'),
});

describe('slaSchedule', () => {
  it('is null (calendar hours) without operating hours or without an open day', () => {
    expect(slaSchedule(null, 'America/New_York')).toBeNull();
    expect(slaSchedule({ weekly_hours: {} }, null)).toBeNull();
    expect(
      slaSchedule(
        { weekly_hours: { monday: { is_open: false, start: '09:00', end: '17:00' } } },
        null,
      ),
    ).toBeNull();
  });

  it("takes the hours' zone, else the partner's, else UTC", () => {
    const hours = { weekly_hours: { monday: open('09:00', '17:00') } };
    expect(schedule({ ...hours, timezone: 'Europe/Paris' }, 'Asia/Tokyo').timeZone).toBe(
      'Europe/Paris',
    );
    expect(schedule(hours, 'Asia/Tokyo').timeZone).toBe('Asia/Tokyo');
    expect(schedule(hours).timeZone).toBe('UTC');
  });

  it('falls back to calendar hours for a zone the runtime does not know', () => {
    expect(
      slaSchedule(
        { timezone: 'Mars/Olympus', weekly_hours: { monday: open('09:00', '17:00') } },
        null,
      ),
    ).toBeNull();
  });

  it('treats a day with missing or malformed times as closed', () => {
    const result = schedule({
      weekly_hours: {
        monday: open('09:00', '17:00'),
        tuesday: open('9am', '17:00'),
        wednesday: { is_open: true },
      },
    });
    expect(result.days).toEqual([null, [540, 1020], null, null, null, null, null]);
  });

  it('reads end before start as open past midnight, and end equal to start as all day', () => {
    const result = schedule({
      weekly_hours: { friday: open('20:00', '02:00'), saturday: open('00:00', '00:00') },
    });
    expect(result.days[5]).toEqual([1200, 1560]);
    expect(result.days[6]).toEqual([0, 1440]);
  });
});

describe('addBusinessHours', () => {
  it('counts calendar hours without a schedule', () => {
    expect(addBusinessHours(at('2024-03-09T22:00:00Z'), 48, null)).toEqual(
      at('2024-03-11T22:00:00Z'),
    );
    expect(addBusinessHours(at('2024-03-09T22:00:00Z'), 1.5, null)).toEqual(
      at('2024-03-09T23:30:00Z'),
    );
    expect(addBusinessHours(at('2024-03-09T22:00:00Z'), 0, null)).toEqual(
      at('2024-03-09T22:00:00Z'),
    );
  });

  describe('office hours (New York, Monday to Friday 09:00–17:00)', () => {
    it.each([
      ['within one day', '2024-03-04T15:00:00Z', 4, '2024-03-04T19:00:00Z'],
      ['into the next day', '2024-03-04T20:00:00Z', 4, '2024-03-05T16:00:00Z'],
      ['from before opening', '2024-03-04T12:00:00Z', 1, '2024-03-04T15:00:00Z'],
      ['from closing time', '2024-03-04T22:00:00Z', 1, '2024-03-05T15:00:00Z'],
      ['over a weekend (and into summer time)', '2024-03-08T21:00:00Z', 2, '2024-03-11T14:00:00Z'],
      ['from a Saturday', '2024-03-02T17:00:00Z', 1, '2024-03-04T15:00:00Z'],
      [
        'a whole week, ending exactly at closing',
        '2024-03-04T14:00:00Z',
        40,
        '2024-03-08T22:00:00Z',
      ],
      ['over the autumn weekend', '2024-11-01T20:00:00Z', 2, '2024-11-04T15:00:00Z'],
      ['in fractions of an hour', '2024-03-04T15:00:00Z', 0.25, '2024-03-04T15:15:00Z'],
      ['zero hours from a closed time', '2024-03-02T17:00:00Z', 0, '2024-03-02T17:00:00Z'],
    ])('%s', (_case, start, hours, due) => {
      expect(addBusinessHours(at(start), hours, newYorkOffice)).toEqual(at(due));
    });
  });

  it('skips closed days', () => {
    const noWednesday = schedule({
      timezone: 'America/New_York',
      weekly_hours: { ...days(WEEKDAYS, '09:00', '17:00'), wednesday: { is_open: false } },
    });
    expect(addBusinessHours(at('2024-03-05T21:00:00Z'), 2, noWednesday)).toEqual(
      at('2024-03-07T15:00:00Z'),
    );
  });

  describe('overnight hours (22:00–06:00)', () => {
    const nights = schedule({ weekly_hours: days(EVERY_DAY, '22:00', '06:00') });

    it('runs past midnight', () => {
      expect(addBusinessHours(at('2024-01-01T23:00:00Z'), 3, nights)).toEqual(
        at('2024-01-02T02:00:00Z'),
      );
    });

    it("counts the previous night's hours after midnight", () => {
      expect(addBusinessHours(at('2024-01-01T05:00:00Z'), 2, nights)).toEqual(
        at('2024-01-01T23:00:00Z'),
      );
    });

    it('belongs to the day it starts on', () => {
      const fridayNight = schedule({ weekly_hours: { friday: open('20:00', '02:00') } });
      expect(addBusinessHours(at('2024-01-06T01:00:00Z'), 2, fridayNight)).toEqual(
        at('2024-01-12T21:00:00Z'),
      );
    });
  });

  describe('daylight-saving changes (New York, every night 22:00–06:00)', () => {
    const nights = schedule({
      timezone: 'America/New_York',
      weekly_hours: days(EVERY_DAY, '22:00', '06:00'),
    });

    it('a spring-forward night is an hour shorter', () => {
      expect(addBusinessHours(at('2024-03-10T03:00:00Z'), 7, nights)).toEqual(
        at('2024-03-10T10:00:00Z'),
      );
      expect(addBusinessHours(at('2024-03-10T03:00:00Z'), 8, nights)).toEqual(
        at('2024-03-11T03:00:00Z'),
      );
    });

    it('a fall-back night is an hour longer', () => {
      expect(addBusinessHours(at('2024-11-03T02:00:00Z'), 8, nights)).toEqual(
        at('2024-11-03T10:00:00Z'),
      );
      expect(addBusinessHours(at('2024-11-03T02:00:00Z'), 9, nights)).toEqual(
        at('2024-11-03T11:00:00Z'),
      );
    });

    it('an opening time skipped by the change opens as far past the gap', () => {
      const sundayEarly = schedule({
        timezone: 'America/New_York',
        weekly_hours: { sunday: open('02:30', '05:00') },
      });
      expect(addBusinessHours(at('2024-03-09T17:00:00Z'), 1, sundayEarly)).toEqual(
        at('2024-03-10T08:30:00Z'),
      );
      expect(addBusinessHours(at('2024-03-09T17:00:00Z'), 2, sundayEarly)).toEqual(
        at('2024-03-17T07:00:00Z'),
      );
    });

    it('the same open hours in the southern hemisphere change the other way', () => {
      const sydney = schedule({
        timezone: 'Australia/Sydney',
        weekly_hours: days(EVERY_DAY, '00:00', '00:00'),
      });
      expect(addBusinessHours(at('2024-04-06T12:00:00Z'), 24, sydney)).toEqual(
        at('2024-04-07T12:00:00Z'),
      );
    });
  });

  it('works in zones with offsets that are not whole hours', () => {
    const kathmandu = schedule({
      timezone: 'Asia/Kathmandu',
      weekly_hours: days(WEEKDAYS, '09:00', '17:00'),
    });
    expect(addBusinessHours(at('2024-03-04T02:15:00Z'), 1, kathmandu)).toEqual(
      at('2024-03-04T04:15:00Z'),
    );
  });
});

describe('businessTimeBetween', () => {
  it('counts only open time', () => {
    expect(
      businessTimeBetween(at('2024-03-08T21:00:00Z'), at('2024-03-11T14:00:00Z'), newYorkOffice),
    ).toBe(2 * HOUR);
    expect(
      businessTimeBetween(at('2024-03-09T00:00:00Z'), at('2024-03-10T23:00:00Z'), newYorkOffice),
    ).toBe(0);
  });

  it('is calendar time without a schedule, and zero when the end is not after the start', () => {
    expect(businessTimeBetween(at('2024-03-08T21:00:00Z'), at('2024-03-09T00:30:00Z'), null)).toBe(
      3.5 * HOUR,
    );
    expect(
      businessTimeBetween(at('2024-03-08T21:00:00Z'), at('2024-03-08T20:00:00Z'), newYorkOffice),
    ).toBe(0);
  });

  it('pausing and resuming keeps the open time that was left', () => {
    const created = at('2024-03-04T15:00:00Z');
    const due = addBusinessHours(created, 24, newYorkOffice);
    const paused = at('2024-03-05T16:00:00Z');
    const remaining = businessTimeBetween(paused, due, newYorkOffice);
    expect(remaining).toBe(24 * HOUR - 9 * HOUR);
    const resumed = at('2024-03-11T13:00:00Z');
    expect(addBusinessTime(resumed, remaining, newYorkOffice)).toEqual(
      addBusinessHours(at('2024-03-11T13:00:00Z'), 15, newYorkOffice),
    );
  });

  it('inverts addBusinessHours for any start and duration', () => {
    const schedules: (BusinessSchedule | null)[] = [
      null,
      newYorkOffice,
      schedule({ timezone: 'America/New_York', weekly_hours: days(EVERY_DAY, '22:00', '06:00') }),
      schedule({
        timezone: 'Europe/London',
        weekly_hours: { ...days(WEEKDAYS, '08:30', '12:00'), saturday: open('23:00', '01:30') },
      }),
      schedule({
        timezone: 'Australia/Lord_Howe',
        weekly_hours: days(EVERY_DAY, '01:00', '03:00'),
      }),
    ];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let sample = 0; sample < 300; sample++) {
      const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 366 * 24 * 60) * 60_000);
      const hours = Math.floor(random() * 400) / 4;
      const plan = schedules[sample % schedules.length];
      const due = addBusinessHours(start, hours, plan);
      expect(due.getTime()).toBeGreaterThanOrEqual(start.getTime());
      expect(businessTimeBetween(start, due, plan)).toBe(hours * HOUR);
    }
  });
});
