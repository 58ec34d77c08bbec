import { InFlightShares, organizationShare } from './fair-share';

describe('organizationShare', () => {
  it.each([
    [32, 8],
    [128, 32],
    [6, 1],
    [1, 1],
  ])('of %i places is %i', (places, share) => {
    expect(organizationShare(places)).toBe(share);
  });
});

describe('InFlightShares', () => {
  it('counts the places each key has left, and forgets a key once its calls end', () => {
    const shares = new InFlightShares();
    shares.take('a', 2);
    shares.take('b', 3);
    shares.take('a', 2);
    expect(shares.left()).toEqual(
      new Map([
        ['a', 0],
        ['b', 2],
      ]),
    );
    expect(shares.full()).toEqual(['a']);

    shares.release('a');
    shares.release('b');
    expect(shares.left()).toEqual(new Map([['a', 1]]));
    expect(shares.full()).toEqual([]);
    shares.release('a');
    shares.release('a');
    expect(shares.left()).toEqual(new Map());
  });

  it('never counts fewer than no places left when a limit drops below what a key holds', () => {
    const shares = new InFlightShares();
    shares.take('a', 4);
    shares.take('a', 4);
    shares.take('a', 1);
    expect(shares.left()).toEqual(new Map([['a', 0]]));
    expect(shares.full()).toEqual(['a']);
  });
});
