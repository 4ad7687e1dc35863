import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * A Kysely plugin that records the SQL of every statement run through it, so tests can prove
 * batching: `db.withPlugin(log)` and count `log.statements` after a request. A statement is
 * recorded when its result arrives: subqueries built as separate query builders (a UNION's second
 * half) pass through transformQuery too, but only the statement sent to the server returns rows.
 */
export class QueryLog implements KyselyPlugin {
  readonly statements: string[] = [];
  private readonly compiler = new PostgresQueryCompiler();
  private readonly pending = new WeakMap<QueryId, string>();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.pending.set(args.queryId, this.compiler.compileQuery(args.node, args.queryId).sql);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const text = this.pending.get(args.queryId);
    if (text !== undefined) this.statements.push(text);
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
