/** The company subgraph. Its GraphQL schema and resolvers arrive with the read-API issue. */
export const name = 'company';
