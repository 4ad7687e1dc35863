import type { ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { AbTestProvider } from './ab-test/ab-test-provider.js';
import type { AbTestAssignment } from './graphql/operations/ab-tests.js';
import { ClientContextProvider } from './client-context/client-context-provider.js';
import type { ClientContext } from './client-context/client-context.js';
import { FavoritesProvider } from './favorites/favorites-provider.js';
import type { LastSearchCondition, StockCounts } from './graphql/operations/required-user-data.js';
import { StockCountsProvider } from './stock-counts/stock-counts-provider.js';
import { ToastProvider } from './toast/toast-provider.js';

export interface ShellKitProviderProps {
  clientContext: ClientContext;
  /** Renders an ApolloProvider with it; leave out when one is already above. */
  apolloClient?: ApolloClient;
  initialAbTests?: Record<string, string> | readonly AbTestAssignment[] | null;
  initialStockCounts?: StockCounts | null;
  /** The current page's server-supplied counts (see StockCountsProvider). */
  serverStockCounts?: StockCounts | null;
  initialLastSearchCondition?: LastSearchCondition | null;
  initialFavoriteKeys?: readonly string[];
  children?: ReactNode;
}

/** Every kit provider in the order they depend on each other: the shell renders this once around the router outlet. */
export function ShellKitProvider({
  clientContext,
  apolloClient,
  initialAbTests,
  initialStockCounts,
  serverStockCounts,
  initialLastSearchCondition,
  initialFavoriteKeys,
  children,
}: ShellKitProviderProps) {
  const tree = (
    <ClientContextProvider value={clientContext}>
      <ToastProvider>
        <AbTestProvider initialTests={initialAbTests}>
          <StockCountsProvider initialCounts={initialStockCounts} serverCounts={serverStockCounts} initialLastSearchCondition={initialLastSearchCondition}>
            <FavoritesProvider initialFavoriteKeys={initialFavoriteKeys}>{children}</FavoritesProvider>
          </StockCountsProvider>
        </AbTestProvider>
      </ToastProvider>
    </ClientContextProvider>
  );
  return apolloClient ? <ApolloProvider client={apolloClient}>{tree}</ApolloProvider> : tree;
}
