import { changedFields } from './changed-fields';

describe('changedFields', () => {
  it('names, sorted, the fields given whose value differs', () => {
    const before = { name: 'A', slug: 'a', cap: 5, tags: ['x'], at: new Date(0), note: null };
    const after = { slug: 'a', name: 'B', cap: 6, tags: ['x'], at: new Date(0), note: null };
    expect(changedFields(before, after)).toEqual(['cap', 'name']);
  });

  it('looks only at the fields named, and counts null and undefined alike', () => {
    const before = { a: 1, b: null as number | null, c: 3 };
    expect(changedFields(before, { a: 2, b: undefined, c: 4 }, ['a', 'b'])).toEqual(['a']);
  });

  it('compares arrays and objects by value', () => {
    expect(changedFields({ tags: ['x', 'y'] }, { tags: ['x', 'y'] })).toEqual([]);
    expect(changedFields({ tags: ['x', 'y'] }, { tags: ['y', 'x'] })).toEqual(['tags']);
  });
});
