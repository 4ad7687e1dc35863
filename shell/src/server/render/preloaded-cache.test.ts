/** @jest-environment node */
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable } from 'rxjs';
import { KIT_DEFAULT_OPTIONS, KIT_TYPE_POLICIES } from '@sumika/shell-kit';
import { PreloadedAnswersCache, shareDocumentInfo } from './preloaded-cache.js';

const RESULTS = gql`
  query Results($prefecture: String!, $page: Int = 1) {
    searchBukkens(prefecture: $prefecture, page: $page) {
      total
      bukkens {
        globalKey
        name
        rent
      }
    }
  }
`;
const NAMES = gql`
  query Names($prefecture: String!, $page: Int = 1) {
    searchBukkens(prefecture: $prefecture, page: $page) {
      bukkens {
        globalKey
        name
      }
    }
  }
`;
const answer = {
  searchBukkens: {
    __typename: 'SearchResult',
    total: 2,
    bukkens: [
      { __typename: 'Bukken', globalKey: 'bk1', name: 'A', rent: 80000 },
      { __typename: 'Bukken', globalKey: 'bk2', name: 'B', rent: 95000 },
    ],
  },
};

/** A client that must not ask the network: every read here comes from the cache. */
function offlineClient(cache: InMemoryCache): { client: ApolloClient; requests: string[] } {
  const requests: string[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        requests.push(operation.operationName ?? '');
        observer.error(new Error('no network in this test'));
      }),
  );
  return { client: new ApolloClient({ ssrMode: true, link, cache, defaultOptions: KIT_DEFAULT_OPTIONS }), requests };
}

describe('PreloadedAnswersCache: the server render reads the preloaded answers, the browser gets them normalised', () => {
  it("answers the render's query from the preloaded answer, with the operation's default variables filled in", async () => {
    const cache = new PreloadedAnswersCache();
    cache.preload(RESULTS, { prefecture: 'tokyo' }, answer);
    const { client, requests } = offlineClient(cache);
    const observable = client.watchQuery({ query: RESULTS, variables: { prefecture: 'tokyo', page: undefined } });
    const result = observable.getCurrentResult();
    expect(result.dataState).toBe('complete');
    expect(result.data).toEqual(answer);
    expect(cache.hits).toBeGreaterThan(0);
    expect(requests).toEqual([]);
  });

  it('extracts the same normalised state as writing the answer into the cache', () => {
    const cache = new PreloadedAnswersCache();
    cache.preload(RESULTS, { prefecture: 'tokyo' }, answer);
    const plain = new InMemoryCache({ typePolicies: KIT_TYPE_POLICIES });
    plain.writeQuery({ query: RESULTS, variables: { prefecture: 'tokyo' }, data: answer });
    expect(cache.extract()).toEqual(plain.extract());
  });

  it('reads any other query from the normalised cache, which then holds the preloaded answers', () => {
    const cache = new PreloadedAnswersCache();
    cache.preload(RESULTS, { prefecture: 'tokyo' }, answer);
    const { client } = offlineClient(cache);
    const names = client.watchQuery({ query: NAMES, variables: { prefecture: 'tokyo' } }).getCurrentResult();
    expect(cache.hits).toBe(0);
    expect(names.dataState).toBe('complete');
    expect(names.data).toEqual({ searchBukkens: { __typename: 'SearchResult', bukkens: answer.searchBukkens.bukkens.map(({ rent: _rent, ...b }) => b) } });
    // Other variables: not the preloaded answer, and nothing in the cache for them.
    const osaka = client.watchQuery({ query: RESULTS, variables: { prefecture: 'osaka' }, fetchPolicy: 'cache-only' }).getCurrentResult();
    expect(osaka.dataState).toBe('empty');
    expect(client.readQuery({ query: RESULTS, variables: { prefecture: 'tokyo' } })).toEqual(answer);
  });

  it('sends an operation as Apollo would (__typename added), printed once for every cache', () => {
    const first = new PreloadedAnswersCache().sent(RESULTS);
    expect(first).toEqual({ operationName: 'Results', query: print(new InMemoryCache().transformDocument(RESULTS)) });
    expect(first.query).toContain('__typename');
    expect(new PreloadedAnswersCache().sent(RESULTS)).toBe(first);
  });

  it("every request's cache and client reuse one transform and one query info per document", () => {
    const one = new PreloadedAnswersCache();
    const two = new PreloadedAnswersCache();
    const transformed = one.transformDocument(RESULTS);
    expect(two.transformDocument(RESULTS)).toBe(transformed);
    expect(two.transformDocument(transformed)).toBe(transformed);
    expect(print(transformed)).toBe(print(new InMemoryCache().transformDocument(RESULTS)));
    // Apollo's query manager (an internal): its document info is the process's, so a second client builds none.
    const info = (client: ApolloClient) =>
      (client as unknown as { queryManager: { getDocumentInfo(d: unknown): unknown } }).queryManager.getDocumentInfo(transformed);
    const a = offlineClient(one).client;
    const b = offlineClient(two).client;
    expect(shareDocumentInfo(a)).toBe(true);
    expect(shareDocumentInfo(b)).toBe(true);
    expect(info(b)).toBe(info(a));
    // Still answered from the preloaded answer, through the shared info.
    two.preload(RESULTS, { prefecture: 'tokyo' }, answer);
    expect(b.watchQuery({ query: RESULTS, variables: { prefecture: 'tokyo' } }).getCurrentResult().data).toEqual(answer);
    expect(two.hits).toBe(1);
  });
});
