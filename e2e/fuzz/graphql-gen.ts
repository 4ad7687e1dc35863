/**
 * GraphQL documents generated from the API schema the gateway serves (the supergraph's API schema):
 * for every root field a valid baseline, then for every argument hostile values (wrong types,
 * boundary numbers, 100 KB strings, control characters, odd Unicode, nulls, missing and unknown
 * arguments, mismatched variable types, deep and huge inputs), as variables and as inline literals.
 */
import { readFileSync } from 'node:fs';
import { Supergraph } from '@apollo/federation-internals';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { Rng } from './prng.js';
import { BOUNDARY_NUMBERS, CONTROL_CHARS, deepArrayJson, deepObjectJson, hugeString, ODD_STRINGS, RawJson, toJson, withControl } from './values.js';

export function loadApiSchema(supergraphFile: string): GraphQLSchema {
  return Supergraph.build(readFileSync(supergraphFile, 'utf8')).apiSchema().toGraphQLJSSchema();
}

/** Real keys and codes from the running site, so baselines reach the resolvers. */
export interface Known {
  globalKeys: string[];
  buildingKey: string;
  companyKey: string;
  cityCode: number;
  townCode: number;
  lineCode: number;
  stationCode: number;
  stationGroupCode: number;
  specialName: string;
  campusId: number;
}

export const FALLBACK_KNOWN: Known = {
  globalKeys: ['bk000000001'],
  buildingKey: 'bd00000001',
  companyKey: 'cp0001',
  cityCode: 13101,
  townCode: 1310101,
  lineCode: 11302,
  stationCode: 1130208,
  stationGroupCode: 1130208,
  specialName: 'pet',
  campusId: 1,
};

export interface RootField {
  operation: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const out: RootField[] = [];
  for (const f of Object.values(schema.getQueryType()?.getFields() ?? {})) out.push({ operation: 'query', field: f });
  for (const f of Object.values(schema.getMutationType()?.getFields() ?? {})) out.push({ operation: 'mutation', field: f });
  return out;
}

// ---- valid values ------------------------------------------------------------------------------

function byName(known: Known): Record<string, unknown> {
  return {
    prefecturePath: 'tokyo',
    path: 'tokyo',
    globalKey: known.globalKeys[0],
    globalKeys: known.globalKeys.slice(0, 2),
    companyKey: known.companyKey,
    cityCode: known.cityCode,
    cityCodes: [known.cityCode],
    gdCityCode: null,
    townCode: known.townCode,
    townCodes: [known.townCode],
    lineCode: known.lineCode,
    lineCodes: [known.lineCode],
    stationCode: known.stationCode,
    stationCodes: [known.stationCode],
    stationGroupCode: known.stationGroupCode,
    destinationStationCode: known.stationGroupCode,
    specialName: known.specialName,
    instituteCampusId: known.campusId,
    keyword: '新宿',
    initial: 'a',
    page: 1,
    perPage: 10,
    limit: 5,
    minutes: 30,
    maxMinutes: 30,
    level: 7,
    south: 35.6,
    west: 139.6,
    north: 35.75,
    east: 139.85,
    geoHex: null,
    prefectureCode: 13,
    email: 'fuzz@example.com',
    recaptchaToken: 'test-recaptcha-token',
    reviewPeriod: 30,
    word: '駅近',
    first: 3,
  };
}

function byFieldArg(known: Known): Record<string, unknown> {
  return {
    'building.key': known.buildingKey,
    'company.key': known.companyKey,
    'companies.keys': [known.companyKey],
    'city.code': known.cityCode,
    'line.code': known.lineCode,
    'campus.id': known.campusId,
    'sitemapTown.page': 1,
  };
}

/** A value of `type` the schema accepts, from the known keys where the argument's name says what it is. */
export function validValue(type: GraphQLInputType, name: string, known: Known, fieldName = ''): unknown {
  const special = byFieldArg(known)[`${fieldName}.${name}`];
  if (special !== undefined) return special;
  const named = byName(known)[name];
  if (named !== undefined && (named !== null || !isNonNullType(type))) return named;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) return [validValue(inner.ofType as GraphQLInputType, name, known, fieldName)];
  if (isEnumType(inner)) return new EnumValue(inner.getValues()[0]?.name ?? 'X');
  if (isInputObjectType(inner)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(inner.getFields())) {
      if (isNonNullType(f.type) || byName(known)[f.name] !== undefined) out[f.name] = validValue(f.type, f.name, known);
    }
    return out;
  }
  switch (inner.name) {
    case 'Int':
      return 1;
    case 'Float':
      return 1.5;
    case 'Boolean':
      return false;
    case 'ID':
      return known.globalKeys[0];
    default:
      return 'テスト';
  }
}

/** An enum value: a bare name in a literal, a string in JSON variables. */
export class EnumValue {
  constructor(readonly name: string) {}
  toJSON(): string {
    return this.name;
  }
}

// ---- rendering -----------------------------------------------------------------------------------

function jsonValue(value: unknown): unknown {
  if (value instanceof EnumValue) return value.name;
  if (value instanceof RawJson) return value;
  if (Array.isArray(value)) return value.map(jsonValue);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonValue(v)]));
  return value;
}

/** A GraphQL literal for a value (strings JSON-escaped, which GraphQL string escapes accept). */
export function literal(value: unknown): string {
  if (value instanceof EnumValue) return value.name;
  if (value instanceof RawJson) return value.text;
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([k, v]) => `${k}: ${literal(v)}`)
      .join(', ')}}`;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  return JSON.stringify(value);
}

export function graphqlBody(query: string, variables?: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  return toJson({ query, ...(variables ? { variables: jsonValue(variables) } : {}), ...extra });
}

// ---- selections ----------------------------------------------------------------------------------

export interface SelectionOptions {
  rng: Rng;
  maxDepth: number;
  /** Put hostile values into nested fields' optional arguments now and then. */
  hostileArgs: boolean;
}

function fieldsOf(type: GraphQLOutputType) {
  const named = getNamedType(type);
  return isObjectType(named) || isInterfaceType(named) ? Object.values(named.getFields()) : undefined;
}

/** A selection set for `type`: some leaves and, above maxDepth, a nested object or two. '' for leaves. */
export function selection(type: GraphQLOutputType, opts: SelectionOptions, depth = 1): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  const fields = fieldsOf(type);
  if (!fields) return '{ __typename }';
  const usable = fields.filter((f) => f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined));
  const leaves = usable.filter((f) => isLeafType(getNamedType(f.type)));
  const objects = usable.filter((f) => !isLeafType(getNamedType(f.type)));
  const picked = leaves.length > 0 ? [leaves[0]!, ...opts.rng.sample(leaves.slice(1), opts.rng.int(5))] : [];
  const parts = picked.map((f) => f.name);
  if (depth < opts.maxDepth && objects.length > 0) {
    for (const f of opts.rng.sample(objects, 1 + opts.rng.int(2))) {
      let args = '';
      if (opts.hostileArgs && f.args.length > 0 && opts.rng.chance(0.3)) {
        const a = opts.rng.pick(f.args);
        args = `(${a.name}: ${literal(hostileLiteralValue(opts.rng, a))})`;
      }
      parts.push(`${f.name}${args} ${selection(f.type, opts, depth + 1)}`);
    }
  }
  if (parts.length === 0) parts.push('__typename');
  return `{ ${parts.join(' ')} }`;
}

function hostileLiteralValue(rng: Rng, a: GraphQLArgument): unknown {
  const named = getNamedType(a.type);
  if (named.name === 'Int' || named.name === 'Float')
    return rng.pick([0, -1, 2147483647, new RawJson('2147483648'), new RawJson('99999999999999999999'), new RawJson('1e308')]);
  return rng.pick([withControl(rng, 'tokyo'), '🏠', 'x'.repeat(2000), new RawJson('1'), new RawJson('[]')]);
}

// ---- argument mutations ----------------------------------------------------------------------------

export const MODES = [
  'wrongType',
  'null',
  'boundary',
  'huge',
  'control',
  'odd',
  'literal',
  'literalControl',
  'varTypeMismatch',
  'missing',
  'unknownArg',
  'deepInput',
  'bigList',
  'nestedInputField',
] as const;
export type Mode = (typeof MODES)[number] | 'valid';

const isStringy = (t: GraphQLInputType) => ['String', 'ID'].includes(getNamedType(t).name);

function wrongTypeValue(rng: Rng, type: GraphQLInputType): unknown {
  const named = getNamedType(type);
  const options: unknown[] = [{ a: 1 }, [1, 2], true, 'abc', 12.5, new RawJson('{}')];
  if (['Int', 'Float'].includes(named.name)) options.push('13101', '1; DROP', []);
  if (isStringy(type)) options.push(13101, { path: 'tokyo' });
  if (isInputObjectType(named)) options.push('{"word":"x"}', 5);
  return rng.pick(options);
}

/** The hostile value for one argument under `mode` (undefined: the argument is left out). */
function hostileValue(rng: Rng, mode: Mode, arg: GraphQLArgument, valid: unknown): unknown {
  const named = getNamedType(arg.type);
  switch (mode) {
    case 'wrongType':
      return wrongTypeValue(rng, arg.type);
    case 'null':
      return null;
    case 'boundary':
      return isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type) ? [rng.pick(BOUNDARY_NUMBERS)] : rng.pick(BOUNDARY_NUMBERS);
    case 'huge':
      return isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type) ? [hugeString(rng)] : hugeString(rng);
    case 'control': {
      const base = typeof valid === 'string' && valid !== '' ? valid : 'tokyo';
      return withControl(rng, base);
    }
    case 'odd':
      return rng.pick(ODD_STRINGS);
    case 'deepInput':
      return rng.chance(0.5) ? deepObjectJson(10_000, isInputObjectType(named) ? Object.keys(named.getFields())[0] : 'a') : deepArrayJson(10_000);
    case 'bigList': {
      const elem = Array.isArray(valid) ? valid[0] : valid;
      return rng.chance(0.5) ? Array.from({ length: 10_000 }, () => elem ?? 1) : Array.from({ length: 1000 }, () => null);
    }
    case 'nestedInputField': {
      if (!isInputObjectType(named)) return withControl(rng, 'tokyo');
      const obj = Array.isArray(valid) ? { ...(valid[0] as object) } : { ...((valid as object) ?? {}) };
      const f = rng.pick(Object.values(named.getFields()));
      (obj as Record<string, unknown>)[f.name] = rng.pick<unknown>([
        withControl(rng, 'x'),
        hugeString(rng, 20_000),
        rng.pick(BOUNDARY_NUMBERS),
        rng.pick(ODD_STRINGS),
        null,
        [null],
        { x: 1 },
      ]);
      if (rng.chance(0.3)) (obj as Record<string, unknown>).unknownField = 1;
      return Array.isArray(valid) ? [obj] : obj;
    }
    default:
      return valid;
  }
}

export interface GeneratedCase {
  name: string;
  body: string;
  /** The baseline of a query field: expected to reach its resolver (a sanity figure). */
  baseline?: boolean;
}

/** One document for `root` with `mode` applied to `target` (an argument name) or to none for 'valid'. */
export function generate(rng: Rng, root: RootField, mode: Mode, known: Known, target?: string): GeneratedCase {
  const { field, operation } = root;
  const sel = selection(field.type, { rng, maxDepth: mode === 'valid' ? 2 : 1 + rng.int(2), hostileArgs: mode !== 'valid' && rng.chance(0.2) });
  const defs: string[] = [];
  const args: string[] = [];
  const variables: Record<string, unknown> = {};
  let label = `${operation} ${field.name}`;
  for (const arg of field.args) {
    const valid = validValue(arg.type, arg.name, known, field.name);
    const isTarget = arg.name === target;
    if (!isTarget) {
      // Optional arguments come along half the time in hostile cases, always in baselines.
      if (!isNonNullType(arg.type) && mode !== 'valid' && rng.chance(0.5)) continue;
      if (valid === null && !isNonNullType(arg.type)) continue;
      defs.push(`$${arg.name}: ${String(arg.type)}`);
      args.push(`${arg.name}: $${arg.name}`);
      variables[arg.name] = valid;
      continue;
    }
    label += ` ${arg.name}:${mode}`;
    if (mode === 'missing') continue;
    if (mode === 'literal' || mode === 'literalControl') {
      const value =
        mode === 'literalControl'
          ? withControl(rng, typeof valid === 'string' ? valid : 'tokyo')
          : rng.pick<unknown>([
              new RawJson('99999999999999999999'),
              new RawJson('1e400'),
              new RawJson('-0'),
              new RawJson('""'),
              new RawJson('"""block\u0000"""'),
              hugeString(rng, 20_000),
              rng.pick(ODD_STRINGS),
              new RawJson('$undeclared'),
              new RawJson('[[[[1]]]]'),
              new RawJson('{a: {b: {c: 1}}}'),
            ]);
      args.push(`${arg.name}: ${literal(value)}`);
      continue;
    }
    if (mode === 'varTypeMismatch') {
      const other = rng.pick(['Int', 'String', 'Float', 'Boolean', 'ID', '[Int]', 'SearchConditionInput', 'NoSuchType', 'Int!']);
      defs.push(`$${arg.name}: ${other}`);
      args.push(`${arg.name}: $${arg.name}`);
      variables[arg.name] = valid;
      continue;
    }
    defs.push(`$${arg.name}: ${String(arg.type)}`);
    args.push(`${arg.name}: $${arg.name}`);
    variables[arg.name] = hostileValue(rng, mode, arg, valid);
  }
  if (mode === 'unknownArg') {
    args.push(`noSuchArgument: ${literal(rng.pick<unknown>(['x', 1, withControl(rng, 'x')]))}`);
    label += ' unknownArg';
  }
  const head = defs.length > 0 ? `${operation} Fuzz(${defs.join(', ')})` : `${operation} Fuzz`;
  const call = args.length > 0 ? `${field.name}(${args.join(', ')})` : field.name;
  const query = `${head} { ${call} ${sel} }`;
  return {
    name: label,
    body: graphqlBody(query, Object.keys(variables).length > 0 ? variables : undefined),
    baseline: mode === 'valid' && operation === 'query',
  };
}

/** The modes that make sense for an argument (control characters and odd strings for text first). */
export function modesFor(arg: GraphQLArgument): Mode[] {
  const named = getNamedType(arg.type);
  const modes: Mode[] = ['wrongType', 'boundary', 'huge', 'odd', 'literal', 'varTypeMismatch', 'unknownArg'];
  if (isStringy(arg.type) || isInputObjectType(named)) modes.unshift('control', 'literalControl');
  if (isNonNullType(arg.type)) modes.push('null', 'missing');
  if (isInputObjectType(named) || isListType(isNonNullType(arg.type) ? arg.type.ofType : arg.type)) modes.push('deepInput', 'bigList', 'nestedInputField');
  return modes;
}

export { CONTROL_CHARS };
