import { Kind, parse, type OperationDefinitionNode, type TypeNode } from 'graphql';
import { AppError } from '@sumika/server-kit';

type QueryValue = string | string[] | undefined;

const named = (type: TypeNode): { name: string; list: boolean } => {
  if (type.kind === Kind.NON_NULL_TYPE) return named(type.type);
  if (type.kind === Kind.LIST_TYPE) return { name: named(type.type).name, list: true };
  return { name: type.name.value, list: false };
};

function scalar(name: string, raw: string, variable: string): unknown {
  switch (name) {
    case 'Int': {
      // GraphQL's Int is 32-bit: a longer number would fail coercion inside Apollo instead of here.
      const n = Number(raw);
      if (!/^-?\d+$/.test(raw) || n > 2_147_483_647 || n < -2_147_483_648) throw new AppError('BAD_REQUEST', `${variable} は整数で指定してください。`);
      return n;
    }
    case 'Float': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw new AppError('BAD_REQUEST', `${variable} は数値で指定してください。`);
      return n;
    }
    case 'Boolean':
      // SPEC §5: booleans are true only when the value is 'true'.
      return raw === 'true';
    case 'String':
    case 'ID':
      return raw;
    default:
      if (/^[A-Z][A-Z0-9_]*$/.test(raw)) return raw; // an enum value
      try {
        return JSON.parse(raw) as unknown; // an input object, sent as JSON
      } catch {
        throw new AppError('BAD_REQUEST', `${variable} はJSONで指定してください。`);
      }
  }
}

/**
 * Query-string values (repeated keys for lists, `a[]` too) to the operation's variables,
 * typed by its variable definitions; empty list entries are removed (SPEC §5).
 */
export function variablesFromQuery(query: string, params: Record<string, QueryValue>): Record<string, unknown> {
  const operation = parse(query).definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const out: Record<string, unknown> = {};
  for (const def of operation?.variableDefinitions ?? []) {
    const variable = def.variable.name.value;
    const raw = params[variable] ?? params[`${variable}[]`];
    if (raw === undefined) continue;
    const { name, list } = named(def.type);
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== '');
    if (list) {
      // A JSON array in one value is accepted too (input-object lists).
      if (values.length === 1 && values[0]?.startsWith('[')) out[variable] = scalar('JSON', values[0], variable);
      else out[variable] = values.map((v) => scalar(name, v, variable));
    } else if (values.length > 0) {
      out[variable] = scalar(name, values[values.length - 1] as string, variable);
    }
  }
  return out;
}
