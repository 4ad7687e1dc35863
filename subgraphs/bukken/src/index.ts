/** The bukken subgraph. Its GraphQL schema and resolvers arrive with the read-API issue. */
export const name = 'bukken';
export { initialCost, type InitialCost, type InitialCostInput } from './domain/initial-cost.js';
