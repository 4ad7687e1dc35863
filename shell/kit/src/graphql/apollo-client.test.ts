/**
 * @jest-environment node
 */
import { jest } from '@jest/globals';
import { gql } from '@apollo/client';
import { APOLLO_STATE_GLOBAL, apolloStateScript, createApolloClient, extractApolloState, releaseServerData } from './apollo-client.js';

interface Sent {
  url: string;
  init: RequestInit;
  body: { operationName?: string; variables?: unknown; query?: string };
}

function fakeFetch(respond: (body: Sent['body']) => unknown) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as Sent['body'];
    sent.push({ url, init, body });
    return new Response(JSON.stringify(respond(body)), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
  return { fetch, sent };
}

const LIST = gql`
  query List {
    bukkens(globalKeys: ["a"]) {
      globalKey
      name
      favorited
    }
  }
`;

describe('createApolloClient', () => {
  it('POSTs operationName, variables and query with cookies', async () => {
    const { fetch, sent } = fakeFetch(() => ({ data: { bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: 'メゾン渋谷', favorited: false }] } }));
    const client = createApolloClient({ uri: 'http://gateway.test/graphql', ssrMode: true, fetch });
    await client.query({ query: LIST });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('http://gateway.test/graphql');
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.credentials).toBe('include');
    expect(sent[0]?.body.operationName).toBe('List');
    expect(sent[0]?.body.query).toContain('bukkens');
  });

  it('keys Bukken by globalKey and defaults watchQuery to cache-and-network', async () => {
    const { fetch } = fakeFetch(() => ({ data: { bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: 'メゾン渋谷', favorited: false }] } }));
    const client = createApolloClient({ uri: 'http://gateway.test/graphql', fetch });
    expect(client.defaultOptions.watchQuery?.fetchPolicy).toBe('cache-and-network');
    await client.query({ query: LIST });
    const state = client.cache.extract() as Record<string, unknown>;
    expect(state['Bukken:{"globalKey":"a"}']).toMatchObject({ globalKey: 'a', name: 'メゾン渋谷' });
  });

  it('keeps the data a partly failed query did answer (errorPolicy all), with its errors', async () => {
    const { fetch } = fakeFetch(() => ({
      data: { bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: 'メゾン渋谷', favorited: null }] },
      errors: [
        {
          message: '一時的に表示できません。しばらくしてから再度お試しください。',
          path: ['bukkens', 0, 'favorited'],
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        },
      ],
    }));
    const client = createApolloClient({ uri: 'http://gateway.test/graphql', ssrMode: true, fetch });
    const result = await client.query({ query: LIST });
    expect(result.data).toMatchObject({ bukkens: [{ globalKey: 'a', name: 'メゾン渋谷', favorited: null }] });
    expect(result.error?.message).toContain('一時的に表示できません');
  });

  it('hydrates from the server cache and hands it over in a safe script', async () => {
    const { fetch, sent } = fakeFetch(() => ({ data: { bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: '</script>', favorited: true }] } }));
    const server = createApolloClient({ uri: 'http://gateway.test/graphql', ssrMode: true, fetch });
    await server.query({ query: LIST });
    const script = apolloStateScript(server);
    expect(script.startsWith(`window.${APOLLO_STATE_GLOBAL}=`)).toBe(true);
    expect(script).not.toContain('</script>');
    const browser = createApolloClient({ initialState: extractApolloState(server), fetch });
    const { data } = await browser.query({ query: LIST, fetchPolicy: 'cache-only' });
    expect(data).toEqual({ bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: '</script>', favorited: true }] });
    expect(sent).toHaveLength(1);
  });

  it("reads the server's answers instead of asking again until the page has hydrated, then follows the fetch policies", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const { fetch, sent } = fakeFetch(() => ({ data: { bukkens: [{ __typename: 'Bukken', globalKey: 'a', name: 'new', favorited: false }] } }));
      const server = createApolloClient({ uri: 'http://gateway.test/graphql', ssrMode: true, fetch });
      await server.query({ query: LIST });
      const browser = createApolloClient({ initialState: extractApolloState(server), fetch });
      // What a page's useQuery does while hydrating (cache-and-network), even a network-only read: no request.
      await browser.query({ query: LIST, fetchPolicy: 'network-only' });
      expect(sent).toHaveLength(1);
      releaseServerData(browser);
      await browser.query({ query: LIST, fetchPolicy: 'network-only' });
      expect(sent).toHaveLength(2);
      // A page that never says it hydrated is released after SERVER_DATA_HOLD_MAX_MS.
      const late = createApolloClient({ initialState: extractApolloState(server), fetch });
      jest.advanceTimersByTime(10_000);
      await late.query({ query: LIST, fetchPolicy: 'network-only' });
      expect(sent).toHaveLength(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
