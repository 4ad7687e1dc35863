import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  getNullableType,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isCompositeType,
  isListType,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  visit,
  type ASTNode,
  type ConstDirectiveNode,
  type ConstValueNode,
  type DirectiveNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { AppError } from './errors.js';

/**
 * Federation's `@listSize` (https://specs.apollo.dev/federation/v2.9, the IBM cost spec): how many
 * items a list field returns. `slicingArguments` name Int arguments giving the size (page sizes);
 * `assumedSize` is the size when none is given; `sizedFields` moves the size onto child list fields
 * (a payload whose `items` the argument sizes).
 */
export interface ListSize {
  assumedSize?: number;
  slicingArguments?: string[];
  sizedFields?: string[];
}

/** `Type.field` → declared list size and `@cost(weight)`, read from an SDL (a subgraph's or the supergraph). */
export interface CostTable {
  lists: Map<string, ListSize>;
  weights: Map<string, number>;
}

const LIST_SIZE = /^(?:\w+__)?listSize$/;
const COST = /^(?:\w+__)?cost$/;

function constValue(node: ConstValueNode): unknown {
  switch (node.kind) {
    case Kind.INT:
      return Number(node.value);
    case Kind.STRING:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(constValue);
    default:
      return undefined;
  }
}

function directiveArgs(d: ConstDirectiveNode): Record<string, unknown> {
  return Object.fromEntries((d.arguments ?? []).map((a) => [a.name.value, constValue(a.value)]));
}

/** Reads every `@listSize` and `@cost` on field definitions (object and interface types, extensions too). */
export function costTableOf(sdl: DocumentNode): CostTable {
  const table: CostTable = { lists: new Map(), weights: new Map() };
  for (const def of sdl.definitions) {
    if (!('fields' in def) || !def.fields || def.kind === Kind.INPUT_OBJECT_TYPE_DEFINITION || def.kind === Kind.INPUT_OBJECT_TYPE_EXTENSION) continue;
    for (const field of def.fields) {
      const coordinate = `${def.name.value}.${field.name.value}`;
      for (const d of field.directives ?? []) {
        if (LIST_SIZE.test(d.name.value)) {
          const a = directiveArgs(d);
          table.lists.set(coordinate, {
            ...(typeof a.assumedSize === 'number' ? { assumedSize: a.assumedSize } : {}),
            ...(Array.isArray(a.slicingArguments) ? { slicingArguments: a.slicingArguments as string[] } : {}),
            ...(Array.isArray(a.sizedFields) ? { sizedFields: a.sizedFields as string[] } : {}),
          });
        } else if (COST.test(d.name.value)) {
          const a = directiveArgs(d);
          if (typeof a.weight === 'number') table.weights.set(coordinate, a.weight);
        }
      }
    }
  }
  return table;
}

export interface CostOptions {
  schema: GraphQLSchema;
  document: DocumentNode;
  operationName?: string | null | undefined;
  variables?: Record<string, unknown> | null | undefined;
  table: CostTable;
  /** The size of a list field nobody declared: conservative, so an undeclared list is never cheap. */
  defaultListSize: number;
}

export interface OperationCost {
  /** Every element the operation can return: each field counts its weight (1), list fields times their size, nested lists multiply. */
  cost: number;
  /** Nesting of fields, top-level fields at 0 (as graphql-depth-limit counts), introspection fields aside. */
  depth: number;
}

// Deeper than any valid query can be under the depth limit; a guard for the walk itself.
const MAX_WALK_DEPTH = 200;

/** Prices kept per document (the most recently used): bounds the entries a document with many page sizes can hold. */
const PRICES_PER_DOCUMENT = 64;

interface DocumentPrices {
  /** The variables the price can depend on: sizes (slicing arguments, `representations`) and @skip/@include conditions. */
  inputs: string[];
  prices: LRUCache<string, OperationCost>;
}

/** Per table and schema (both new on a supergraph update), per parsed document (the servers keep one per query text). */
const PRICED = new WeakMap<CostTable, WeakMap<GraphQLSchema, WeakMap<DocumentNode, DocumentPrices>>>();

/** The variables a document's price reads: in @skip/@include, and in arguments that give a list's size. */
export function priceInputs(document: DocumentNode, table: CostTable): string[] {
  const sizing = new Set(['representations']);
  for (const list of table.lists.values()) for (const a of list.slicingArguments ?? []) sizing.add(a);
  const names = new Set<string>();
  const collect = (node: ASTNode) => visit(node, { Variable: (v) => void names.add(v.name.value) });
  visit(document, {
    Directive(node) {
      collect(node);
      return false;
    },
    Argument(node) {
      if (sizing.has(node.name.value)) collect(node.value);
      return false;
    },
  });
  return [...names].sort();
}

/**
 * What the walk reads of a variable's value: a size or a condition as it is, a list's length (the
 * gateway's `representations`: their contents differ on every entity fetch, their number prices it),
 * of anything else its type (neither a size nor a condition).
 */
function priceView(value: unknown): unknown {
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  return Array.isArray(value) ? { length: value.length } : typeof value;
}

/**
 * Prices an operation before it runs (see {@link priceWalk}), once per document, operation and values
 * of the few variables a price depends on: the servers price every request, and a page's documents
 * are the same few with other ids (about a tenth of the gateway's CPU a page went here).
 */
export function operationCost(opts: CostOptions): OperationCost {
  let bySchema = PRICED.get(opts.table);
  if (!bySchema) PRICED.set(opts.table, (bySchema = new WeakMap()));
  let byDocument = bySchema.get(opts.schema);
  if (!byDocument) bySchema.set(opts.schema, (byDocument = new WeakMap()));
  let known = byDocument.get(opts.document);
  if (!known) byDocument.set(opts.document, (known = { inputs: priceInputs(opts.document, opts.table), prices: new LRUCache({ max: PRICES_PER_DOCUMENT }) }));
  const raw = opts.variables ?? {};
  // A variable left out and one sent as null coerce differently: [] and [null].
  const key = `${opts.operationName ?? ''}\n${JSON.stringify(known.inputs.map((n) => (Object.hasOwn(raw, n) ? [priceView(raw[n])] : [])))}`;
  const hit = known.prices.get(key);
  if (hit) return { ...hit };
  const priced = priceWalk(opts);
  known.prices.set(key, { ...priced });
  return priced;
}

/**
 * Prices an operation before it runs. Our own walk rather than graphql-query-complexity's
 * estimators: those run bottom-up and cannot see a parent's `sizedFields`, and they re-walk a
 * fragment at every spread (fragments spreading fragments grow exponentially); here each fragment
 * is priced once per context. Aliases and repeated fields each count.
 */
function priceWalk(opts: CostOptions): OperationCost {
  const { schema, document, table, defaultListSize } = opts;
  const operation = getOperationAST(document, opts.operationName ?? undefined);
  if (!operation) throw new AppError('BAD_REQUEST', '実行するオペレーションを特定できません。', { reason: 'OPERATION_RESOLUTION_FAILURE' });
  // The variables as execution sees them: a variable the request leaves out takes its default
  // (`$withCommute: Boolean! = false` in an @include). Values that do not coerce are left as sent:
  // execution reports them in its own words.
  const raw = opts.variables ?? {};
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], raw, { maxErrors: 1 }).coerced ?? raw;
  const root = schema.getRootType(operation.operation);
  if (!root) throw new AppError('BAD_REQUEST', `${operation.operation} は提供していません。`);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const def of document.definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
  const memo = new Map<string, OperationCost>();
  const visiting = new Set<string>();

  const included = (node: { directives?: readonly DirectiveNode[] | undefined }): boolean => {
    if (!node.directives?.length) return true;
    if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
    return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
  };

  const fieldDef = (parent: GraphQLCompositeType, name: string): GraphQLField<unknown, unknown> | undefined => {
    if (name === SchemaMetaFieldDef.name && parent === root) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name && parent === root) return TypeMetaFieldDef;
    if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
    return 'getFields' in parent ? parent.getFields()[name] : undefined;
  };

  const selections = (set: SelectionSetNode, parent: GraphQLCompositeType, sized: Map<string, number> | undefined, level: number): OperationCost => {
    if (level > MAX_WALK_DEPTH) throw new AppError('BAD_REQUEST', 'クエリの入れ子が深すぎます。', { reason: 'QUERY_TOO_DEEP' });
    const out: OperationCost = { cost: 0, depth: 0 };
    const add = (c: OperationCost) => {
      out.cost += c.cost;
      out.depth = Math.max(out.depth, c.depth);
    };
    for (const sel of set.selections) {
      if (!included(sel)) continue;
      if (sel.kind === Kind.FIELD) add(field(sel, parent, sized, level));
      else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
        // Fragments on different member types are summed: an over-estimate, never an under-estimate.
        if (type && isCompositeType(type)) add(selections(sel.selectionSet, type, sized, level));
      } else {
        const name = sel.name.value;
        const fragment = fragments.get(name);
        const type = fragment && schema.getType(fragment.typeCondition.name.value);
        if (!fragment || !type || !isCompositeType(type)) continue;
        const key = `${name}|${sized ? JSON.stringify([...sized]) : ''}`;
        let priced = memo.get(key);
        if (!priced) {
          if (visiting.has(name)) throw new AppError('BAD_REQUEST', `フラグメント ${name} が循環しています。`, { reason: 'GRAPHQL_VALIDATION_FAILED' });
          visiting.add(name);
          priced = selections(fragment.selectionSet, type, sized, level);
          visiting.delete(name);
          memo.set(key, priced);
        }
        add(priced);
      }
    }
    return out;
  };

  const field = (node: FieldNode, parent: GraphQLCompositeType, sized: Map<string, number> | undefined, level: number): OperationCost => {
    const name = node.name.value;
    const def = fieldDef(parent, name);
    if (!def || name === TypeNameMetaFieldDef.name) return { cost: 0, depth: 0 };
    const args = getArgumentValues(def, node, variables);
    const isList = isListType(getNullableType(def.type));
    const coordinate = `${parent.name}.${name}`;
    const declared = table.lists.get(coordinate);
    const sliced = declared?.slicingArguments
      ?.map((a) => args[a])
      .filter((v): v is number => typeof v === 'number')
      .reduce<number | undefined>((m, v) => Math.max(m ?? 0, v), undefined);
    const declaredSize = sliced ?? declared?.assumedSize;
    let size = 1;
    let childSized: Map<string, number> | undefined;
    if (declared?.sizedFields?.length) {
      childSized = new Map(declared.sizedFields.map((f) => [f, declaredSize ?? defaultListSize]));
      if (isList) size = defaultListSize;
    } else if (isList) {
      // A parent's sizedFields names this list: its slicing argument wins over the list's own assumption.
      size = sized?.get(name) ?? declaredSize ?? entitiesSize(name, args) ?? defaultListSize;
    }
    const weight = table.weights.get(coordinate) ?? 1;
    const named = getNamedType(def.type);
    const child = node.selectionSet && isCompositeType(named) ? selections(node.selectionSet, named, childSized, level + 1) : { cost: 0, depth: -1 };
    return {
      cost: Math.max(0, size) * (weight + child.cost),
      depth: name.startsWith('__') ? 0 : child.depth + 1,
    };
  };

  return selections(operation.selectionSet, root, undefined, 0);
}

/** The gateway's entity fetches: `_entities` returns one item per representation. */
function entitiesSize(name: string, args: Record<string, unknown>): number | undefined {
  return name === '_entities' && Array.isArray(args.representations) ? args.representations.length : undefined;
}

/** BAD_REQUEST-family error for a query over the cost limit (HTTP 400, SPEC-side code QUERY_TOO_COSTLY). */
export function tooCostly(cost: number, limit: number): GraphQLError {
  return new GraphQLError(`クエリが複雑すぎます (cost ${cost} > limit ${limit})。取得する件数や項目を減らしてください。`, {
    extensions: { code: 'QUERY_TOO_COSTLY', cost, limit, http: { status: 400 } },
  });
}

/** Refusal for a query nested deeper than the limit (HTTP 400, BAD_REQUEST). */
export function tooDeep(depth: number, limit: number): GraphQLError {
  return new GraphQLError(`クエリの入れ子が深すぎます (depth ${depth} > max depth ${limit})。`, {
    extensions: { code: 'BAD_REQUEST', reason: 'QUERY_TOO_DEEP', depth, limit, http: { status: 400 } },
  });
}
