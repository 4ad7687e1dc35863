// What the host shares as `@apollo/client` (see ./react-router.ts for why a subset): the client,
// cache, HTTP link, gql and error classes the kit and the remotes use. `@apollo/client-full` is an
// alias of the package (webpack), so this module does not consume itself.
export {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  NetworkStatus,
  gql,
  makeVar,
  CombinedGraphQLErrors,
  CombinedProtocolErrors,
  LinkError,
  ServerError,
  ServerParseError,
  UnconventionalError,
} from '@apollo/client-full';
