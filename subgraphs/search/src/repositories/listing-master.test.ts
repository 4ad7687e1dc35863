import { jest } from '@jest/globals';
import { MemoryCache } from '@sumika/server-kit';
import { createTestAuth } from '@sumika/server-kit/testing';
import { testBackends } from '@sumika/storage-kit/testing';
import { closeSeeded, seededStores } from '@sumika/infra/testing/seeded';
import { Kysely, PostgresDialect } from 'kysely';
import { build } from '../app.js';
import type { DB } from './db.js';
import { searchMaster } from './listing-master.js';

type Stores = Awaited<ReturnType<typeof seededStores>>;

describe.each(testBackends())('the search master snapshot on $name', (backend) => {
  let stores: Stores;
  const queries: string[] = [];
  const masterLoads = () => queries.filter((q) => /from "station_group"/i.test(q)).length;
  let db: Kysely<DB>;

  beforeAll(async () => {
    stores = await seededStores(backend, 200);
    db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: stores.search.pool }),
      log: (e) => {
        if (e.level === 'query') queries.push(e.query.sql);
      },
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    if (stores) await closeSeeded(stores);
  });

  it('is loaded when the service starts, and /readyz answers once it is (no visitor waits for it)', async () => {
    const auth = await createTestAuth();
    const app = await build({ db, cache: new MemoryCache(), auth: auth.auth });
    try {
      // /readyz answers 503 while the load runs (it can outlast the readiness timeout on a busy machine),
      // then 200; either way the load started with the service, once.
      let status = (await app.inject({ url: '/readyz' })).statusCode;
      for (let i = 0; i < 60 && status !== 200; i++) {
        expect(status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = (await app.inject({ url: '/readyz' })).statusCode;
      }
      expect(status).toBe(200);
      expect(masterLoads()).toBe(1);
      await searchMaster(db);
      expect(masterLoads()).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('past its TTL is still served at once while the next one loads, then replaced', async () => {
    const first = await searchMaster(db);
    const loads = masterLoads();
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    const stale = await searchMaster(db);
    expect(stale).toBe(first);
    // Another request meanwhile gets it too, and starts no second load.
    expect(await searchMaster(db)).toBe(first);
    let fresh = await searchMaster(db);
    for (let i = 0; i < 100 && fresh === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      fresh = await searchMaster(db);
    }
    expect(fresh).not.toBe(first);
    expect(masterLoads()).toBe(loads + 1);
    expect(fresh.cities.size).toBe(first.cities.size);
    clock.mockRestore();
  });
});
