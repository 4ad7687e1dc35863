import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  schema: string;
  table: string;
  table_type: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  auto_incrementing: boolean;
  column_description: string | null;
}

/**
 * Kysely's introspector for PostgreSQL, scoped to the schemas on the connection's search path (a
 * subgraph's own schema, then public). The stock one reads the columns of every schema on the server
 * and calls name-based catalog functions (`has_schema_privilege(name)`, `pg_get_serial_sequence`) on
 * each: another team's or test's schema dropped meanwhile failed our migration with "schema … does not
 * exist", and its cost grew with every schema on the server. Kysely's Migrator asks it whether its
 * tables exist, five times per run.
 */
export class SearchPathIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ nspname: string }>`SELECT nspname FROM pg_catalog.pg_namespace`.execute(this.db);
    return rows.map((r) => ({ name: r.nspname }));
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const internal = [DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE];
    const { rows } = await sql<ColumnRow>`
      SELECT ns.nspname AS schema, c.relname AS table, c.relkind AS table_type, a.attname AS column,
             a.attnotnull AS not_null, a.atthasdef AS has_default, typ.typname AS type, dtns.nspname AS type_schema,
             (a.attidentity <> '' OR pg_catalog.pg_get_expr(ad.adbin, ad.adrelid) LIKE 'nextval(%') IS TRUE AS auto_incrementing,
             pg_catalog.col_description(a.attrelid, a.attnum) AS column_description
        FROM pg_catalog.pg_attribute a
        JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
        JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
        JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
        JOIN pg_catalog.pg_namespace dtns ON dtns.oid = typ.typnamespace
        LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
       WHERE ns.nspname = ANY (pg_catalog.current_schemas(false))
         AND c.relkind IN ('r', 'v', 'p')
         AND a.attnum >= 0 AND NOT a.attisdropped
         ${options.withInternalKyselyTables ? sql`` : sql`AND c.relname <> ALL (${internal})`}
       ORDER BY ns.nspname, c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const r of rows) {
      const id = `${r.schema}.${r.table}`;
      let table = tables.get(id);
      if (!table) {
        table = { name: r.table, schema: r.schema, isView: r.table_type === 'v', columns: [] };
        tables.set(id, table);
      }
      table.columns.push({
        name: r.column,
        dataType: r.type,
        dataTypeSchema: r.type_schema,
        isNullable: !r.not_null,
        hasDefaultValue: r.has_default,
        isAutoIncrementing: r.auto_incrementing,
        ...(r.column_description === null ? {} : { comment: r.column_description }),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the search-path introspector (embedded store and PostgreSQL alike). */
export class SearchPathPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
