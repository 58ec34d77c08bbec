import { keywordScore, normalizedWords, routeByKeywords } from './keyword-routing';

describe('normalizedWords', () => {
  it('lower-cases, strips accents and splits on anything but letters and digits', () => {
    expect(normalizedWords('Café-Épicerie, SEÑOR 42!')).toEqual([
      'cafe',
      'epicerie',
      'senor',
      '42',
    ]);
    expect(normalizedWords('  ')).toEqual([]);
  });
});

describe('keywordScore', () => {
  const words = normalizedWords('We need FOOD and help with the rent; the food bank is closed');

  it('matches whole words only, case- and accent-insensitively', () => {
    expect(keywordScore(words, ['food'])).toBe(1);
    expect(keywordScore(normalizedWords('seafood restaurant'), ['food'])).toBe(0);
    expect(keywordScore(normalizedWords('foods'), ['food'])).toBe(0);
    expect(keywordScore(normalizedWords('a CAFÉ nearby'), ['cafe'])).toBe(1);
    expect(keywordScore(normalizedWords('a cafe nearby'), ['Café'])).toBe(1);
  });

  it('scores a phrase by its words when they appear in order and adjacent', () => {
    expect(keywordScore(words, ['food bank'])).toBe(2);
    expect(keywordScore(normalizedWords('bank of food'), ['food bank'])).toBe(0);
  });

  it('counts each distinct keyword once, however often it appears', () => {
    expect(keywordScore(words, ['food', 'FOOD', 'rent', 'shelter'])).toBe(2);
  });

  it('ignores empty keywords', () => {
    expect(keywordScore(words, ['', '  ', '!!'])).toBe(0);
  });
});

describe('routeByKeywords', () => {
  const pantry = { id: 'b-pantry', name: 'Pantry', keywords: ['food', 'groceries'] };
  const bank = { id: 'c-bank', name: 'Food Bank', keywords: ['food bank'] };
  const housing = { id: 'a-housing', name: 'Housing', keywords: ['rent', 'eviction'] };

  it('picks the best score', () => {
    expect(routeByKeywords('Need groceries and food', [pantry, bank, housing])).toBe('b-pantry');
    expect(routeByKeywords('Is the food bank open?', [pantry, bank, housing])).toBe('c-bank');
    expect(routeByKeywords('Facing EVICTION, rent overdue', [pantry, bank, housing])).toBe(
      'a-housing',
    );
  });

  it('breaks ties by name, then id, whatever the order of candidates', () => {
    const description = 'food and rent';
    expect(routeByKeywords(description, [pantry, housing])).toBe('a-housing');
    expect(routeByKeywords(description, [housing, pantry])).toBe('a-housing');
    const twin = { ...housing, id: '0-twin' };
    expect(routeByKeywords('rent', [housing, twin])).toBe('0-twin');
    expect(routeByKeywords('rent', [twin, housing])).toBe('0-twin');
  });

  it('returns null when nothing matches', () => {
    expect(routeByKeywords('I need a ride to the clinic', [pantry, bank, housing])).toBeNull();
    expect(routeByKeywords('food', [])).toBeNull();
  });
});
