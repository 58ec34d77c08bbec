import { isDatabaseUnavailable } from './database-unavailable';

function error(message: string, fields: object = {}): Error {
  return Object.assign(new Error(message), fields);
}

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'a refused connection',
      error('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ],
    ['a server shutting down', error('the database system is shutting down', { code: '57P03' })],
    ['a terminated session', error('terminating connection', { code: '57P01' })],
    ['a session cut off', error('Connection terminated unexpectedly')],
    ['a connect timeout', error('timeout exceeded when trying to connect')],
    ['a dead client', error('Client has encountered a connection error and is not queryable')],
    [
      'a released query runner',
      error('Query runner already released', { name: 'QueryRunnerAlreadyReleasedError' }),
    ],
    [
      'a wrapped driver error',
      error('query failed', { driverError: { code: '08006', message: 'x' } }),
    ],
  ])('recognizes %s', (_, failure) => {
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });

  it.each([
    ['a unique violation', error('duplicate key', { code: '23505' })],
    ['a syntax error', error('syntax error at or near', { code: '42601' })],
    ['a plain error', error('boom')],
    ['a string', 'ECONNREFUSED'],
    ['null', null],
  ])('leaves %s alone', (_, failure) => {
    expect(isDatabaseUnavailable(failure)).toBe(false);
  });
});
