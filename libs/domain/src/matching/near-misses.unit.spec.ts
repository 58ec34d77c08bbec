import { editDistance } from './edit-distance';
import { isEmailSlip } from './email-similarity';
import { areDifferentPeople, isInitialOf } from './first-names';
import { areNicknames, canonicalName } from './nicknames';

describe('editDistance', () => {
  it.each([
    ['john', 'john', 0],
    ['jonh', 'john', 1],
    ['jbarnes71', 'jbarnes7', 1],
    ['nathaniel.brooks', 'nathanial.brookes', 2],
    ['', 'abc', 3],
  ])('%s / %s: %d', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});

describe('isEmailSlip', () => {
  it.each([
    ['megan.hart@gmail.com', 'megan.hrat@gmail.com'],
    ['sofiarossi@gmail.com', 'SofiaRossi@gmial.com'],
    ['jbarnes71@yahoo.com', 'jbarnes7@yahoo.com'],
    ['nathaniel.brooks@outlook.com', 'nathanial.brookes@outlook.con'],
  ])('%s and %s are one mailbox mistyped', (a, b) => {
    expect(isEmailSlip(a, b)).toBe(true);
    expect(isEmailSlip(b, a)).toBe(true);
  });

  it.each([
    ['megan.hart@acme.org', 'megan.hart@initech.com', 'unrelated domains'],
    ['ed@wu.net', 'ej@wu.net', 'local parts too short to tell'],
    ['mark.evans@gmail.com', 'mary.owens@gmail.com', 'three keys apart'],
    ['jo.smith@acme.org', 'jo.smith@acme.org.uk', 'a domain that is no provider'],
    ['not-an-email', 'not-an-emall', 'no domain'],
  ])('%s and %s are not (%s)', (a, b) => {
    expect(isEmailSlip(a, b)).toBe(false);
    expect(isEmailSlip(b, a)).toBe(false);
  });

  it('is false when one is missing', () => {
    expect(isEmailSlip(null, 'megan.hart@gmail.com')).toBe(false);
    expect(isEmailSlip('megan.hart@gmail.com', null)).toBe(false);
  });
});

describe('areDifferentPeople', () => {
  const name = (first: string, last: string) => ({ first, last });

  it.each([
    ['daniel', 'daniela'],
    ['daniel', 'danielle'],
    ['mario', 'maria'],
    ['paul', 'paula'],
    ['louis', 'louise'],
  ])('%s and %s are two people', (a, b) => {
    expect(areDifferentPeople(name(a, 'ruiz'), name(b, 'ruiz'))).toBe(true);
    expect(areDifferentPeople(name(b, 'ruiz'), name(a, 'ruiz'))).toBe(true);
  });

  it('tells Jr from Sr, but not a suffix from none', () => {
    expect(areDifferentPeople(name('robert', 'hill jr'), name('robert', 'hill sr'))).toBe(true);
    expect(areDifferentPeople(name('robert', 'hill iii'), name('robert', 'hill ii'))).toBe(true);
    expect(areDifferentPeople(name('robert', 'hill jr'), name('robert', 'hill'))).toBe(false);
    expect(areDifferentPeople(name('robert', 'hill jr'), name('robert', 'hill jr'))).toBe(false);
  });

  it.each([
    ['jonh', 'john'],
    ['kate', 'kat'],
    ['ana', 'anna'],
    ['maria', 'maria'],
  ])('%s and %s may be one person', (a, b) => {
    expect(areDifferentPeople(name(a, 'x'), name(b, 'x'))).toBe(false);
    expect(areDifferentPeople(name(b, 'x'), name(a, 'x'))).toBe(false);
  });
});

describe('isInitialOf', () => {
  it('matches an initial with a name of that letter, either way round', () => {
    expect(isInitialOf('j', 'john')).toBe(true);
    expect(isInitialOf('john', 'j')).toBe(true);
    expect(isInitialOf('k', 'john')).toBe(false);
    expect(isInitialOf('j', 'j')).toBe(false);
    expect(isInitialOf('jo', 'john')).toBe(false);
  });
});

describe('the nickname table', () => {
  it.each([
    ['sasha', 'alexander'],
    ['sasha', 'alexandra'],
    ['memo', 'guillermo'],
    ['nacho', 'ignacio'],
    ['lalo', 'eduardo'],
    ['lola', 'dolores'],
    ['misha', 'mikhail'],
  ])('%s is a form of %s', (nickname, given) => {
    expect(areNicknames(nickname, given)).toBe(true);
    expect(areNicknames(given, nickname)).toBe(true);
  });

  it('keeps unrelated names apart and canonicalizes to the first group', () => {
    expect(areNicknames('nacho', 'guillermo')).toBe(false);
    expect(areNicknames('memo', 'mikhail')).toBe(false);
    expect(canonicalName('sasha')).toBe('alexander');
    expect(canonicalName('bill')).toBe('william');
    expect(canonicalName('zelda')).toBe('zelda');
  });
});
