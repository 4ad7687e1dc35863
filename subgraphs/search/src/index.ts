/** The search subgraph. Its GraphQL schema and resolvers arrive with the read-API issue. */
export const name = 'search';
export { bigrams, normaliseWord } from './domain/words.js';
