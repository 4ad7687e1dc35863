import { isRetryableRead, poolTimeoutsFromEnv, resilientPoolConfig } from './resilience.js';

describe('which statements are retried after a lost connection', () => {
  it.each([
    'select "id", "name" from "prefecture" where "code" = $1',
    'SELECT 1',
    '  with "t" as (select 1) select * from "t"',
    'select * from "note" where "body" = \'insert into x; update y\'',
    'select "updated_at", "created_at", "offset_x" from "t" offset $1',
    '(select 1) union all (select 2)',
    'values (1), (2)',
  ])('retries the read %s', (sql) => {
    expect(isRetryableRead(sql)).toBe(true);
  });

  it.each([
    'insert into "note" ("body") values ($1)',
    'update "note" set "body" = $1',
    'delete from "note"',
    'with "x" as (delete from "note" returning *) select * from "x"',
    'with "x" as (insert into "note" default values returning *) select * from "x"',
    'select * from "favorite" where "uid" = $1 for update',
    'select * from "t" for share',
    "select nextval('seq')",
    'select pg_advisory_lock(1)',
    "select set_config('search_path', 'x', false)",
    'select * into "copy" from "t"',
    'begin',
    'commit',
    'set statement_timeout = 0',
    'select 1; delete from "t"',
    'truncate "t"',
    'lock table "t"',
  ])('never retries %s', (sql) => {
    expect(isRetryableRead(sql)).toBe(false);
  });
});

describe('pool settings', () => {
  it('bounds connects and statements by default, each configurable, 0 = no statement cap', () => {
    expect(poolTimeoutsFromEnv({})).toEqual({ connectTimeoutMs: 2000, statementTimeoutMs: 15_000 });
    expect(poolTimeoutsFromEnv({ PG_CONNECT_TIMEOUT_MS: '500', PG_STATEMENT_TIMEOUT_MS: '0' })).toEqual({ connectTimeoutMs: 500, statementTimeoutMs: 0 });
    expect(() => poolTimeoutsFromEnv({ PG_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(/PG_CONNECT_TIMEOUT_MS="soon": /);
    expect(resilientPoolConfig({ connectTimeoutMs: 2000, statementTimeoutMs: 15_000 })).toMatchObject({
      connectionTimeoutMillis: 2000,
      statement_timeout: 15_000,
      query_timeout: 20_000,
      keepAlive: true,
    });
    expect(resilientPoolConfig({ connectTimeoutMs: 2000, statementTimeoutMs: 0 })).not.toHaveProperty('statement_timeout');
  });
});
