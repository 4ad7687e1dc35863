import path from 'node:path';
import { jest } from '@jest/globals';
import { configOrExit, EnvError, envVar, parseEnv } from './config.js';
import { redisTimeoutMs } from './cache/redis-connection.js';
import { databaseUrlFor, dataDir, repoRoot, subgraphEnv, SUBGRAPHS } from './env.js';
import { loggerOptions } from './logging.js';
import { limitsFromEnv } from './server/app.js';
import { authFromEnv } from './server/run.js';

describe('parseEnv', () => {
  const shape = {
    PORT: envVar.portOr(4000),
    TIMEOUT_MS: envVar.millisOr(1, 2000),
    RETRIES: envVar.int(0),
    ORIGIN: envVar.httpUrl(),
    SECURE: envVar.flag(),
    MODE: envVar.oneOf(['a', 'b']),
    SCORE: envVar.number(0, 1),
    NAME: envVar.textOr('x'),
  };

  it('applies the defaults to unset and empty variables and converts the rest', () => {
    expect(parseEnv(shape, {})).toEqual({ PORT: 4000, TIMEOUT_MS: 2000, NAME: 'x' });
    expect(parseEnv(shape, { PORT: '', NAME: '' })).toEqual({ PORT: 4000, TIMEOUT_MS: 2000, NAME: 'x' });
    expect(
      parseEnv(shape, {
        PORT: '4100',
        TIMEOUT_MS: '10',
        RETRIES: '0',
        ORIGIN: 'https://cdn.example',
        SECURE: 'false',
        MODE: 'b',
        SCORE: '0.3',
        NAME: 'y',
        OTHER: 'ignored',
      }),
    ).toEqual({
      PORT: 4100,
      TIMEOUT_MS: 10,
      RETRIES: 0,
      ORIGIN: 'https://cdn.example',
      SECURE: false,
      MODE: 'b',
      SCORE: 0.3,
      NAME: 'y',
    });
  });

  it('names every bad variable, its value and what it must be, in one error', () => {
    let error: unknown;
    try {
      parseEnv(shape, { PORT: 'abc', TIMEOUT_MS: '-1', RETRIES: '1.5', ORIGIN: 'ftp://x', SECURE: 'yes', MODE: 'c', SCORE: '2' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).problems).toEqual([
      'PORT="abc": must be a port number (0-65535)',
      'TIMEOUT_MS="-1": must be a whole number of milliseconds >= 1',
      'RETRIES="1.5": must be a whole number >= 0',
      'ORIGIN="ftp://x": must be an http(s) URL',
      'SECURE="yes": must be true or false',
      'MODE="c": must be one of a, b',
      'SCORE="2": must be a number from 0 to 1',
    ]);
    expect((error as EnvError).message).toBe(`bad environment\n  ${(error as EnvError).problems.join('\n  ')}`);
  });
});

describe('configOrExit', () => {
  it('prints a bad environment without a stack trace and exits 1; other errors pass through', () => {
    const exit = jest.spyOn(process, 'exit').mockImplementation((() => undefined as never) as typeof process.exit);
    const print = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      configOrExit(() => parseEnv({ PORT: envVar.port() }, { PORT: 'abc' }), 'svc');
      expect(print).toHaveBeenCalledWith('[svc] bad environment\n  PORT="abc": must be a port number (0-65535)');
      expect(exit).toHaveBeenCalledWith(1);
      expect(configOrExit(() => 7, 'svc')).toBe(7);
      expect(() =>
        configOrExit(() => {
          throw new Error('boom');
        }, 'svc'),
      ).toThrow('boom');
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      exit.mockRestore();
      print.mockRestore();
    }
  });
});

describe("the subgraphs' common environment", () => {
  it('keeps the default ports, the shared defaults and the database URL precedence', () => {
    expect(SUBGRAPHS.map((name) => subgraphEnv(name, {}, {}).port)).toEqual([4001, 4002, 4003, 4004, 4005]);
    const { vars, databaseUrl } = subgraphEnv('search', {}, {});
    expect(databaseUrl).toBeUndefined();
    expect(vars).toMatchObject({
      HOST: '127.0.0.1',
      GATEWAY_PORT: 4000,
      REDIS_TIMEOUT_MS: 200,
      SHUTDOWN_GRACE_MS: 10_000,
      SUBGRAPH_MAX_COST: 1_000_000,
      SUBGRAPH_MAX_DEPTH: 16,
      SUBGRAPH_MAX_TOKENS: 5000,
    });
    expect(subgraphEnv('user', {}, { USER_PORT: '4103', DATABASE_URL: 'postgres://a/db', USER_DATABASE_URL: 'postgres://b/db' })).toMatchObject({
      port: 4103,
      databaseUrl: 'postgres://b/db',
    });
    expect(subgraphEnv('forms', {}, { DATABASE_URL: 'postgres://a/db', FORMS_DATABASE_URL: '' }).databaseUrl).toBe('postgres://a/db');
    expect(databaseUrlFor('bukken', { DATABASE_URL: 'postgres://a/db', BUKKEN_DATABASE_URL: 'postgres://c/db' })).toBe('postgres://c/db');
    expect(databaseUrlFor('bukken', { DATABASE_URL: '' })).toBeUndefined();
  });

  it("adds the subgraph's own variables and refuses bad common ones by name", () => {
    expect(subgraphEnv('bukken', { PUBLIC_IMAGE_ORIGIN: envVar.httpUrl() }, { PUBLIC_IMAGE_ORIGIN: 'https://img.example' }).vars.PUBLIC_IMAGE_ORIGIN).toBe(
      'https://img.example',
    );
    expect(() => subgraphEnv('bukken', { PUBLIC_IMAGE_ORIGIN: envVar.httpUrl() }, { PUBLIC_IMAGE_ORIGIN: 'img' })).toThrow(
      /PUBLIC_IMAGE_ORIGIN="img": must be an http\(s\) URL/,
    );
    expect(() => subgraphEnv('search', {}, { SEARCH_PORT: 'abc', REDIS_URL: 'nope', SHUTDOWN_GRACE_MS: '-5', LOG_LEVEL: 'loud' })).toThrow(
      /SEARCH_PORT="abc": .*\n {2}REDIS_URL="nope": must be a URL or URLs separated by commas[\s\S]*SHUTDOWN_GRACE_MS="-5": [\s\S]*LOG_LEVEL="loud": must be one of fatal, error, warn, info/,
    );
    // A Redis Cluster: its nodes, comma-separated; each must be a URL.
    const cluster = 'redis://127.0.0.1:7001,redis://127.0.0.1:7002, redis://127.0.0.1:7003';
    expect(subgraphEnv('search', {}, { REDIS_URL: cluster }).vars.REDIS_URL).toBe(cluster);
    expect(() => subgraphEnv('search', {}, { REDIS_URL: 'redis://127.0.0.1:7001,nope' })).toThrow(
      /REDIS_URL="redis:\/\/127.0.0.1:7001,nope": must be a URL or URLs/,
    );
  });

  it('puts local state under DATA_DIR, else <root>/.data', () => {
    expect(dataDir({})).toBe(path.join(repoRoot(), '.data'));
    expect(dataDir({ DATA_DIR: '' })).toBe(path.join(repoRoot(), '.data'));
    expect(dataDir({ DATA_DIR: '/tmp/sumika-data' })).toBe('/tmp/sumika-data');
  });
});

describe("the kit's readers, each through its one shape", () => {
  it('keep their documented defaults', () => {
    expect(authFromEnv({})).toEqual({ jwks: 'http://127.0.0.1:4000/.well-known/jwks.json', issuer: 'sumika-gateway' });
    expect(authFromEnv({ GATEWAY_PORT: '4100', JWT_ISSUER: 'iss' })).toEqual({ jwks: 'http://127.0.0.1:4100/.well-known/jwks.json', issuer: 'iss' });
    expect(limitsFromEnv({})).toEqual({ maxCost: 1_000_000, maxDepth: 16, maxTokens: 5000, defaultListSize: 100 });
    expect(loggerOptions({})).toEqual({ level: 'info' });
    expect(loggerOptions({ LOG_LEVEL: 'warn', LOG_FORMAT: 'pretty' })).toMatchObject({ level: 'warn', transport: { target: 'pino-pretty' } });
    expect(redisTimeoutMs({})).toBe(200);
    expect(redisTimeoutMs({ REDIS_TIMEOUT_MS: '50' })).toBe(50);
  });

  it('refuse a bad value by name instead of using NaN or falling back', () => {
    expect(() => authFromEnv({ GATEWAY_PORT: 'x' })).toThrow(/GATEWAY_PORT="x": must be a port number/);
    expect(() => limitsFromEnv({ SUBGRAPH_MAX_DEPTH: 'deep' })).toThrow(/SUBGRAPH_MAX_DEPTH="deep": must be a whole number >= 1/);
    expect(() => loggerOptions({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL="loud": must be one of fatal, /);
    expect(() => redisTimeoutMs({ REDIS_TIMEOUT_MS: '0' })).toThrow(/REDIS_TIMEOUT_MS="0": must be a whole number of milliseconds >= 1/);
  });
});
