import { isConnectionError, isDatabaseUnavailable } from './unavailable.js';

describe('which errors mean the database is unavailable', () => {
  const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it('knows lost connections, refused connects, shutdowns and timeouts', () => {
    expect(isConnectionError(pgError('ECONNREFUSED'))).toBe(true);
    expect(isConnectionError(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionError(pgError('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionError(pgError('08006'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectionError(new AggregateError([pgError('ECONNREFUSED')], ''))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('wrapped'), { cause: pgError('ECONNRESET') }))).toBe(true);
    // A statement timeout is the database being too slow, not a lost connection: 503, never retried.
    expect(isConnectionError(pgError('57014'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('57014'))).toBe(true);
  });

  it('leaves application errors alone', () => {
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
