import type { ApolloClient } from '@apollo/client';
import { Suspense } from 'react';
import { ShellKitProvider } from '@sumika/shell-kit';
import type { RemoteName } from '../routes.js';
import type { PageLoader } from './page-loader.js';
import type { PageRuntime } from './page-runtime.js';
import { ShellApp } from './shell-app.js';
import type { RootState } from './state.js';

export interface ShellRootProps {
  client: ApolloClient;
  state: RootState;
  pathname: string;
  runtime: PageRuntime;
  loader: PageLoader;
  onRemoteError: (remote: RemoteName, error: unknown) => void;
}

/** The kit's providers (one Apollo cache, client context, toasts, badges, favorites, A/B tests) around the app. */
export function ShellRoot({ client, state, pathname, runtime, loader, onRemoteError }: ShellRootProps) {
  return (
    <ShellKitProvider
      apolloClient={client}
      clientContext={state.context}
      initialAbTests={Object.fromEntries(state.visitor.abTests.map((t) => [t.name, t.value]))}
      initialStockCounts={state.visitor.counts}
      initialLastSearchCondition={state.visitor.lastSearchCondition}
      initialFavoriteKeys={state.visitor.favoriteKeys}
    >
      {/* Suspends only while the browser's route table loads after a back or forward (route-table.ts). */}
      <Suspense fallback={null}>
        <ShellApp initialPage={state.page} initialPathname={pathname} runtime={runtime} loader={loader} config={state.config} onRemoteError={onRemoteError} />
      </Suspense>
    </ShellKitProvider>
  );
}
