// GraphQL Code Generator, server side: resolver types per subgraph from its schema.graphql (issue 14).
// Owned by the subgraph codegen work; `npm run codegen` runs this, then codegen.clients.ts.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  generates: {},
};

export default config;
