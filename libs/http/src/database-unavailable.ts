/** Socket errors and PostgreSQL codes of a database that is down, restarting or unreachable. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

/** What node-postgres throws when the server goes away mid-session or a connect times out. */
const UNAVAILABLE_MESSAGE =
  /^Connection terminated|timeout exceeded when trying to connect|is not queryable$/;

/** True when the error (or the driver error a TypeORM error wraps) means the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: socket errors may come from another realm (e.g. under Jest's VM).
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, driverError } = error as {
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
  };
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
  // TypeORM releases a transaction's query runner when its connection dies; the next query says so.
  if ((error as { name?: unknown }).name === 'QueryRunnerAlreadyReleasedError') return true;
  return driverError !== undefined && driverError !== error && isDatabaseUnavailable(driverError);
}
