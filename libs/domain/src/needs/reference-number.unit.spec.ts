import {
  newReferenceNumber,
  REFERENCE_ALPHABET,
  REFERENCE_NUMBER_PATTERN,
} from './reference-number';

describe('reference numbers', () => {
  it('use the short code as prefix, else REF', () => {
    expect(newReferenceNumber('ABCD')).toMatch(/^ABCD-/);
    expect(newReferenceNumber('ABCDEF')).toMatch(/^ABCDEF-/);
    expect(newReferenceNumber(null)).toMatch(/^REF-/);
    expect(newReferenceNumber('not-a-code')).toMatch(/^REF-/);
  });

  it('always match the documented pattern', () => {
    for (let attempt = 0; attempt < 500; attempt++) {
      expect(newReferenceNumber('HELP')).toMatch(REFERENCE_NUMBER_PATTERN);
    }
  });

  it('draw each character from an alphabet without 0, O, 1, I or L', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(31);
    expect(REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(`REF-${REFERENCE_ALPHABET.slice(0, 6)}`).toMatch(REFERENCE_NUMBER_PATTERN);
    expect(`REF-${REFERENCE_ALPHABET.slice(25)}`).toMatch(REFERENCE_NUMBER_PATTERN);
    const picks = [0, 30, 1, 29, 2, 28];
    expect(newReferenceNumber('ABC', () => picks.shift()!)).toBe('ABC-2Z3Y4X');
  });
});
