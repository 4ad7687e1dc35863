import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { migrateToLatest, type Database } from '@sumika/storage-kit';
import { createTestAuth, type TestAuth } from '@sumika/server-kit/testing';
import { type TestBackend } from '@sumika/storage-kit/testing';
import { build } from '../app.js';
import type { SearchArgs } from '../domain/search-args.js';
import type { SearchDescriber, SearchTexts } from '../domain/search-texts.js';
import { migrationsFolder } from '../index.js';
import type { DB } from '../repositories/db.js';
import { QueryLog } from '@sumika/storage-kit/testing';

/**
 * A stand-in for the search subgraph's texts: deterministic, and with names for the few codes
 * tests use, so "renders back to the same text" can be checked exactly.
 */
export class FakeDescriber implements SearchDescriber {
  calls = 0;
  /** While set, describe fails as if the gateway were down. */
  down = false;

  async describe(args: SearchArgs): Promise<SearchTexts> {
    this.calls++;
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:4000');
    return fakeTexts(args);
  }
}

const PREFECTURES: Record<string, string> = { tokyo: '東京都', osaka: '大阪府', kanagawa: '神奈川県' };

export function fakeTexts(args: SearchArgs): SearchTexts {
  const cities = [...(args.cityCodes ?? []), ...(args.townCodes ?? [])].map((c) => `市区${c}`).join('・');
  const linesStations = [...(args.lineCodes ?? []).map((c) => `路線${c}`), ...(args.stationCodes ?? []).map((c) => `駅${c}`)].join(' / ');
  const pref = args.prefecturePath ? (PREFECTURES[args.prefecturePath] ?? args.prefecturePath) : null;
  const rent = args.searchCondition?.chinryou?.max ? `賃料${args.searchCondition.chinryou.max / 10_000}万円以下` : '';
  return {
    searchText: [[pref, cities].filter(Boolean).join(' '), linesStations, rent].filter(Boolean).join(' / ') || 'こだわり条件なし',
    conditionText: rent || null,
    prefectureName: pref,
    gdCityName: args.gdCityCode ? `政令市${args.gdCityCode}` : null,
    citiesShortName: cities || null,
    linesStationsName: linesStations || null,
    specialName: args.specialName ? `特集${args.specialName}` : null,
  };
}

export interface Harness {
  database: Database<DB>;
  db: Kysely<DB>;
  app: FastifyInstance;
  auth: TestAuth;
  log: QueryLog;
  describer: FakeDescriber;
  /** Registers a new visitor the way the gateway does (token with fresh) and returns its uid. */
  visitor(): Promise<string>;
  close(): Promise<void>;
}

/** A migrated throwaway user schema on `backend` and the app built over it. */
export async function openHarness(backend: TestBackend, opts: { random?: () => number } = {}): Promise<Harness> {
  const database = await backend.open<DB>('user');
  await migrateToLatest(database, migrationsFolder);
  const log = new QueryLog();
  const db = database.db.withPlugin(log);
  const auth = await createTestAuth();
  const describer = new FakeDescriber();
  const app = await build({ db, auth: auth.auth, describer, ...(opts.random ? { random: opts.random } : {}) });
  return {
    database,
    db: database.db,
    app,
    auth,
    log,
    describer,
    async visitor() {
      const uid = `v_${randomUUID()}`;
      const res = await auth.query<{ registerVisitor: { uid: string } }>(app, 'mutation { registerVisitor { uid } }', {}, { uid, fresh: true });
      if (res.errors || res.data?.registerVisitor.uid !== uid) throw new Error(`registerVisitor failed: ${JSON.stringify(res.errors)}`);
      return uid;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** n well-formed listing keys starting at `from`. */
export const keys = (n: number, from = 1): string[] => Array.from({ length: n }, (_, i) => `bk${String(from + i).padStart(9, '0')}`);
