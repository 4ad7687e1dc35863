import { Kind, visit, type DocumentNode } from 'graphql';
import { AppError } from './errors.js';

/** U+0000–U+001F except tab, line feed and carriage return, and U+007F: never part of a search word, key or text. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Deepest JSON input we accept: the deepest real variable (a search condition's bounds in a list) is 4. */
export const MAX_INPUT_DEPTH = 20;

export type InputProblem = { kind: 'control-character'; path: string } | { kind: 'too-deep'; path: string };

/**
 * The first problem in a JSON-like input (GraphQL variables, REST query or body): a string (or key)
 * with a control character, or nesting deeper than `maxDepth`. Iterative, so a 10,000-deep value
 * cannot overflow the stack; it stops at the first problem.
 */
export function inputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH, root = '$'): InputProblem | undefined {
  const stack: [unknown, number, string][] = [[value, 0, root]];
  while (stack.length > 0) {
    const [v, depth, path] = stack.pop() as [unknown, number, string];
    if (typeof v === 'string') {
      if (CONTROL_CHARACTERS.test(v)) return { kind: 'control-character', path };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'too-deep', path };
    for (const [key, child] of Object.entries(v as Record<string, unknown>)) {
      if (CONTROL_CHARACTERS.test(key)) return { kind: 'control-character', path };
      stack.push([child, depth + 1, Array.isArray(v) ? `${path}[${key}]` : `${path}.${key}`]);
    }
  }
  return undefined;
}

/** Each parsed document's answer (the servers keep one document per query text): none is `null`. */
const DOCUMENT_PROBLEMS = new WeakMap<DocumentNode, InputProblem | null>();

/** The first string literal of a document (arguments, defaults) with a control character, as a problem. */
export function documentProblem(document: DocumentNode): InputProblem | undefined {
  let known = DOCUMENT_PROBLEMS.get(document);
  if (known === undefined) DOCUMENT_PROBLEMS.set(document, (known = literalProblem(document) ?? null));
  return known ?? undefined;
}

function literalProblem(document: DocumentNode): InputProblem | undefined {
  let found: InputProblem | undefined;
  visit(document, {
    [Kind.STRING](node) {
      if (!found && CONTROL_CHARACTERS.test(node.value)) found = { kind: 'control-character', path: `line ${node.loc?.startToken.line ?? '?'}` };
    },
  });
  return found;
}

/** A problem as the client sees it: BAD_REQUEST (400) with a Japanese message, the offending place in `extensions`. */
export function inputError(problem: InputProblem): AppError {
  return problem.kind === 'too-deep'
    ? new AppError('BAD_REQUEST', '入力の入れ子が深すぎます。', { reason: 'INPUT_TOO_DEEP', at: problem.path.slice(0, 200) })
    : new AppError('BAD_REQUEST', '入力に使用できない制御文字が含まれています。', { reason: 'CONTROL_CHARACTER', at: problem.path.slice(0, 200) });
}

/** Throws BAD_REQUEST when the variables or the document's literals break the input rules. */
export function checkInput(variables: unknown, document?: DocumentNode): void {
  const problem = inputProblem(variables) ?? (document ? documentProblem(document) : undefined);
  if (problem) throw inputError(problem);
}
