import { Migrator, NO_MIGRATIONS, sql, type Kysely } from 'kysely';
import { migrateToLatest, SqlFileMigrationProvider } from '@sumika/storage-kit';
import { testBackends } from '@sumika/storage-kit/testing';
import { migrationsFolder } from './index.js';

describe.each(testBackends())('user migrations on $name', (backend) => {
  it('apply, roll all the way back, and apply again', async () => {
    const database = await backend.open('user');
    try {
      const db = database.db as unknown as Kysely<unknown>;
      const first = await migrateToLatest(database, migrationsFolder);
      expect(first.applied[0]).toBe('0001_visitor');
      expect(first.applied.length).toBeGreaterThanOrEqual(6);
      const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(migrationsFolder), migrationTableSchema: database.schema });
      const down = await migrator.migrateTo(NO_MIGRATIONS);
      expect(down.error).toBeUndefined();
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM information_schema.tables
        WHERE table_schema = ${database.schema} AND table_name NOT LIKE 'kysely_%'`.execute(db);
      expect(rows[0]?.n).toBe(0);
      expect((await migrateToLatest(database, migrationsFolder)).applied).toEqual(first.applied);
    } finally {
      await database.close();
    }
  });
});
