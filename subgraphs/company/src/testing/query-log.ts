import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin that records the SQL of every statement run through it, so tests can
 * prove batching: `db.withPlugin(log)` and count `log.statements` after a request.
 */
export class QueryLog implements KyselyPlugin {
  readonly statements: string[] = [];
  private readonly compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(this.compiler.compileQuery(args.node, args.queryId).sql);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** Statements that read `table` (quoted as Kysely quotes identifiers). */
  reading(table: string): string[] {
    return this.statements.filter((s) => new RegExp(`from "${table}"`, 'i').test(s));
  }

  clear(): void {
    this.statements.length = 0;
  }
}
