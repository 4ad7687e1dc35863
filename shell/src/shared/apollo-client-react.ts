// What the host shares as `@apollo/client/react`: the provider and the hooks pages use.
export { ApolloProvider, getApolloContext, skipToken, useApolloClient, useLazyQuery, useMutation, useQuery, useReactiveVar } from '@apollo/client-full/react';
