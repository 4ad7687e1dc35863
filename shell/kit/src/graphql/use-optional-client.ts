import { useContext } from 'react';
import type { ApolloClient } from '@apollo/client';
import { getApolloContext } from '@apollo/client/react';

/** The Apollo client when an ApolloProvider is above, else null (chrome that can render without one). */
export function useOptionalApolloClient(): ApolloClient | null {
  return useContext(getApolloContext()).client ?? null;
}
