import { nameSimilarity } from './name-similarity';
import { areNicknames, canonicalName } from './nicknames';
import { jaroWinkler, trigramSimilarity } from './similarity';

describe('similarity', () => {
  it('computes trigram similarity as pg_trgm does', () => {
    expect(trigramSimilarity('smith', 'smith')).toBe(1);
    expect(trigramSimilarity('john smith', 'smith')).toBeCloseTo(6 / 11);
    expect(trigramSimilarity('abc', 'xyz')).toBe(0);
    expect(trigramSimilarity('', '')).toBe(0);
  });

  it('scores one slip in a short name high with Jaro-Winkler', () => {
    expect(jaroWinkler('jon', 'john')).toBeCloseTo(0.933, 3);
    expect(jaroWinkler('smith', 'smyth')).toBeCloseTo(0.893, 3);
    expect(jaroWinkler('john', 'jane')).toBeLessThan(0.8);
    expect(jaroWinkler('', 'x')).toBe(0);
  });

  it('knows nicknames in both directions and names in several groups', () => {
    expect(areNicknames('bill', 'william')).toBe(true);
    expect(areNicknames('william', 'bill')).toBe(true);
    expect(areNicknames('ted', 'edward')).toBe(true);
    expect(areNicknames('ted', 'theodore')).toBe(true);
    expect(areNicknames('edward', 'theodore')).toBe(false);
    expect(canonicalName('bill')).toBe('william');
    expect(canonicalName('liz')).toBe('elizabeth');
    expect(canonicalName('william')).toBe('william');
    expect(canonicalName('zed')).toBe('zed');
  });

  it('compares names part by part, in either order', () => {
    expect(
      nameSimilarity({ first: 'bill', last: 'turner' }, { first: 'william', last: 'turner' }),
    ).toBe(1);
    expect(nameSimilarity({ first: 'wei', last: 'chen' }, { first: 'chen', last: 'wei' })).toBe(1);
    expect(
      nameSimilarity({ first: 'ana', last: 'garcia lopez' }, { first: 'ana', last: 'garcia' }),
    ).toBe(0.9);
    expect(
      nameSimilarity({ first: 'john', last: 'smith' }, { first: 'jane', last: 'smith' }),
    ).toBeLessThan(0.85);
  });
});
