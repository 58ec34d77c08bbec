import { isValidTimeZone } from './zoned-time';

describe('isValidTimeZone', () => {
  it.each(['America/Chicago', 'UTC', 'Etc/GMT+5'])('accepts the IANA name %s', (name) => {
    expect(isValidTimeZone(name)).toBe(true);
  });

  // Node 22 and later also accept UTC offsets as Intl time zones; they are not zone names.
  it.each(['+01:00', '-0500', '+01', 'Mars/Olympus', ''])('refuses %s', (name) => {
    expect(isValidTimeZone(name)).toBe(false);
  });
});
