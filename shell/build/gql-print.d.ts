import type { ASTNode } from 'graphql';

/** An executable document or any node of one as compact GraphQL (see gql-print.js). */
export function print(node: ASTNode): string;
export const printForError: typeof print;
