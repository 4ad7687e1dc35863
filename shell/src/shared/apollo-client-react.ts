// What the host shares as `@apollo/client/react`: the provider and the hooks pages use (a shared
// module is loaded whole on every page: a hook joins this list when a page needs it).
export { ApolloProvider, getApolloContext, useApolloClient, useMutation, useQuery } from '@apollo/client-full/react';
