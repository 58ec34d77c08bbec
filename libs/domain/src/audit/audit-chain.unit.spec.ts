import { createHash } from 'node:crypto';
import { canonicalEntryJson, canonicalJson, chainHash, GENESIS_HASH } from './audit-chain';

const ENTRY = {
  id: '0c5f7d02-3904-45dc-8a1e-dff756fdbb9c',
  sequence: 1,
  at: '2026-05-01T09:30:00.123Z',
  actorType: 'MEMBER',
  actorId: '08353109-7754-451d-961b-e2f072fe53f5',
  action: 'constituent.update',
  subjectType: 'constituent',
  subjectId: '2a69278c-2827-455c-88e0-db2cbcd02ae5',
  requestId: 'weird:id.1-2',
  clientIp: null,
  details: { fields: ['lastName', 'email'], nested: { z: 1, a: [true, null] } },
};

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: true } })).toBe(
      '{"a":{"c":true,"d":[2,{"y":"x","z":null}]},"b":1}',
    );
  });

  it('escapes strings exactly as JSON.stringify does', () => {
    const text = 'quote " backslash \\ newline \n tab \t bell \u0007 é \u2028';
    expect(canonicalJson({ text })).toBe(`{"text":${JSON.stringify(text)}}`);
  });

  it('sorts keys that look like numbers as text', () => {
    expect(canonicalJson({ b: 1, 10: 2, 9: 3 })).toBe('{"10":2,"9":3,"b":1}');
  });
});

describe('canonicalEntryJson', () => {
  it('writes an entry exactly as canonicalJson does, every field in', () => {
    expect(canonicalEntryJson(ENTRY)).toBe(canonicalJson(ENTRY));
    for (const field of Object.keys(ENTRY)) {
      expect(canonicalEntryJson(ENTRY)).toContain(`"${field}":`);
    }
  });
});

describe('chainHash', () => {
  it('is the SHA-256 of the previous hash, a newline and the canonical JSON', () => {
    const expected = createHash('sha256')
      .update(`${GENESIS_HASH}\n${canonicalJson(ENTRY)}`)
      .digest('hex');
    expect(chainHash(GENESIS_HASH, ENTRY)).toBe(expected);
    expect(GENESIS_HASH).toBe('0'.repeat(64));
  });
});
