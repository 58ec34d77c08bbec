import { aliasKey, fold, nameKey, normalizeEmail, phoneDigits, streetKey } from './normalize';

describe('normalization', () => {
  it.each([
    ["  Zoë O'Brien-Díaz ", 'zoe obrien diaz'],
    ['JOSÉ   Hernández', 'jose hernandez'],
    ['Nguyễn Văn', 'nguyen van'],
    ['Владимир', 'владимир'],
    ['!!!', ''],
  ])('folds %j to %j', (text, folded) => {
    expect(fold(text)).toBe(folded);
  });

  it('keys a name as "first last", null when it has no letters', () => {
    expect(nameKey('María', 'López')).toBe('maria lopez');
    expect(nameKey(null, 'Chen')).toBe('chen');
    expect(nameKey(' ', null)).toBeNull();
  });

  it.each([
    ['(202) 555-0123', '12025550123'],
    ['202.555.0123', '12025550123'],
    ['+1 202 555 0123', '12025550123'],
    ['+44 7911 123456', '447911123456'],
    ['555-0123', null],
    [null, null],
  ])('reduces phone %j to the digits of its E.164 form', (phone, digits) => {
    expect(phoneDigits(phone)).toBe(digits);
  });

  it('aliases every word of a name key to its canonical form', () => {
    expect(aliasKey('bill turner')).toBe('william turner');
    expect(aliasKey('turner betty')).toBe('turner elizabeth');
    expect(aliasKey(null)).toBeNull();
  });

  it('lower-cases and trims email', () => {
    expect(normalizeEmail(' Ana.Lopez@Example.ORG ')).toBe('ana.lopez@example.org');
    expect(normalizeEmail('  ')).toBeNull();
  });

  it.each([
    ['12 North Oak Street, Apt. 3', '12 n oak st apt 3'],
    ['12 N Oak St #3', '12 n oak st apt 3'],
    ['12 n. oak st., unit 3', '12 n oak st apt 3'],
    ['12 N Oak St Apt #3', '12 n oak st apt 3'],
    ['500 First Avenue Suite 12B', '500 1st ave apt 12b'],
  ])('keys street %j as %j', (street, key) => {
    expect(streetKey(street)).toBe(key);
  });
});
