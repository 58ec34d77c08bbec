import { parseConstituentSearch } from './search-query';

describe('parseConstituentSearch', () => {
  it.each([
    ['Maria.Lopez@Example.org ', { kind: 'email', email: 'Maria.Lopez@Example.org' }],
    ['abcd-7k3m9q', { kind: 'reference', referenceNumber: 'ABCD-7K3M9Q' }],
    ['(202) 555-0123', { kind: 'phone', phoneDigits: ['12025550123', '2025550123'] }],
    ['+1 202 555 0123', { kind: 'phone', phoneDigits: ['12025550123'] }],
    ['4567', { kind: 'phone', phoneDigits: ['4567'] }],
    [
      '  José  Hernández ',
      { kind: 'name', name: 'jose hernandez', alias: 'jose hernandez', singleWord: false },
    ],
    [
      'Bill Turner',
      { kind: 'name', name: 'bill turner', alias: 'william turner', singleWord: false },
    ],
    ['Turner', { kind: 'name', name: 'turner', alias: 'turner', singleWord: true }],
    ['', null],
    ['---', null],
    ['?!', null],
    ['%', null],
    ['_', null],
    ['\\', null],
  ])('reads %j', (query, search) => {
    expect(parseConstituentSearch(query)).toEqual(search);
  });
});
