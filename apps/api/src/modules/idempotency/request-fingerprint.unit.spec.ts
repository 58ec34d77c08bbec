import { requestFingerprint } from './request-fingerprint';

describe('requestFingerprint', () => {
  it('ignores the order of object keys at every level', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, { d: 2, e: 3 }], f: null } })).toEqual(
      requestFingerprint({ b: { f: null, c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
  });

  it('tells different requests apart', () => {
    const base = requestFingerprint({ description: 'food', tags: [1, 2] });
    expect(requestFingerprint({ description: 'Food', tags: [1, 2] })).not.toEqual(base);
    expect(requestFingerprint({ description: 'food', tags: [2, 1] })).not.toEqual(base);
    expect(requestFingerprint({ description: 'food', tags: [1, 2], extra: true })).not.toEqual(
      base,
    );
    expect(requestFingerprint({ description: 'food', tags: ['1', 2] })).not.toEqual(base);
  });
});
