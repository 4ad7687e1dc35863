// What the host shares as `@apollo/client` (a subset: a shared module is not tree-shaken): the client,
// cache, HTTP link and error classes the kit and the remotes use. Not `gql`: every build parses its
// gql`…` documents at build time (shell/build/gql-loader.cjs), so the GraphQL parser stays out of
// the browser. `@apollo/client-full` is an alias of the package (webpack), so this module does not
// consume itself.
export {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  NetworkStatus,
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  LinkError,
  ServerError,
  ServerParseError,
  UnconventionalError,
} from '@apollo/client-full';
