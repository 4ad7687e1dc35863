import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTypeDefs } from '@sumika/server-kit';
import { resolvers } from './resolvers/index.js';

export const name = 'search';
/** The contract: schema.graphql at the workspace root. */
export const typeDefs = loadTypeDefs(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'schema.graphql'));
export { resolvers };
