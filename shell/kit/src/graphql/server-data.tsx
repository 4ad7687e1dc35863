import { getApolloContext } from '@apollo/client/react';
import { useContext, useEffect } from 'react';
import { releaseServerData } from './apollo-client.js';

/**
 * Rendered last inside a page's Suspense boundary: its effect runs once that boundary has hydrated
 * (an effect outside it runs before the page's content is hydrated), and from then on the client's
 * queries follow their fetch policies again instead of reading the server's answers (createApolloClient).
 * It also marks the document hydrated (`<html data-hydrated>`, what end-to-end tests wait for before
 * they interact): marked as soon as the root hydrated, a test clicked before the page's own handlers
 * were attached. Every page renders it, error pages too. Without an Apollo client above it (a page
 * rendered on its own) it releases nothing.
 */
export function ServerDataReleased(): null {
  const client = useContext(getApolloContext()).client;
  useEffect(() => {
    if (client) releaseServerData(client);
    markHydrated();
  }, [client]);
  return null;
}

/** Marks the document as hydrated (`<html data-hydrated>`): what end-to-end tests wait for before they interact. */
export function markHydrated(): void {
  document.documentElement.dataset.hydrated = 'true';
}
