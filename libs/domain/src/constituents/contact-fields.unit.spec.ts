import { isUsStateCode, US_STATE_CODES } from '../us-states';
import { isBirthDate, isCalendarDate, parseAnyPhone } from './contact-fields';

describe('contact fields', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2023-04-31', false],
    ['2023-13-01', false],
    ['2023-1-01', false],
    ['01/02/2023', false],
  ])('isCalendarDate(%j) is %s', (value, expected) => {
    expect(isCalendarDate(value)).toBe(expected);
  });

  it('accepts birth dates from 1900 to today', () => {
    const today = new Date('2026-05-01T12:00:00Z');
    expect(isBirthDate('2026-05-01', today)).toBe(true);
    expect(isBirthDate('2026-05-02', today)).toBe(false);
    expect(isBirthDate('1900-01-01', today)).toBe(true);
    expect(isBirthDate('1899-12-31', today)).toBe(false);
  });

  it('reads any written phone number, US by default', () => {
    expect(parseAnyPhone('(202) 555-0123')).toBe('+12025550123');
    expect(parseAnyPhone('+44 7911 123456')).toBe('+447911123456');
    expect(parseAnyPhone('555-0123')).toBeNull();
  });

  it('knows the 50 states, DC and the territories', () => {
    expect(US_STATE_CODES).toHaveLength(57);
    expect(['IL', 'DC', 'PR', 'GU', 'VI', 'AS', 'MP'].every(isUsStateCode)).toBe(true);
    expect(isUsStateCode('XX')).toBe(false);
    expect(isUsStateCode('il')).toBe(false);
  });
});
