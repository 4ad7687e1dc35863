import { getApolloContext } from '@apollo/client/react';
import { useContext, useEffect } from 'react';
import { releaseServerData } from './apollo-client.js';

/**
 * Rendered last inside a page's Suspense boundary: its effect runs once that boundary has hydrated
 * (an effect outside it runs before the page's content is hydrated), and from then on the client's
 * queries follow their fetch policies again instead of reading the server's answers (createApolloClient).
 * Without an Apollo client above it (a page rendered on its own) it does nothing.
 */
export function ServerDataReleased(): null {
  const client = useContext(getApolloContext()).client;
  useEffect(() => {
    if (client) releaseServerData(client);
  }, [client]);
  return null;
}
