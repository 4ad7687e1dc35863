/** @jest-environment node */
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { print } from '@apollo/client/utilities';
import { Observable } from 'rxjs';
import { KIT_DEFAULT_OPTIONS, KIT_TYPE_POLICIES } from '@sumika/shell-kit';
import { forgetNormalised, PreloadedAnswersCache, shareDocumentInfo } from './preloaded-cache.js';

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

const VISITOR = gql`
  query Visitor {
    requiredUserData {
      id
      stockCount {
        bukken
      }
    }
  }
`;
const visitorAnswer = (bukken: number) => ({ requiredUserData: { __typename: 'User', id: 'u1', stockCount: { __typename: 'StockCount', bukken } } });
const FAVORITE = gql`
  query Favorite {
    favorite {
      globalKey
      name
    }
  }
`;
const favoriteAnswer = { favorite: { __typename: 'Bukken', globalKey: 'bk1', name: 'A (renamed)' } };

/** One request's cache state: what it held before (a visitor's own answer), then the answers preloaded, extracted. */
function requestState(answers: { query: typeof RESULTS; variables?: Record<string, unknown>; data: unknown; text?: string }[], reuse: boolean) {
  const cache = reuse ? new PreloadedAnswersCache() : new InMemoryCache({ typePolicies: KIT_TYPE_POLICIES });
  cache.writeQuery({ query: VISITOR, data: visitorAnswer(3) });
  for (const a of answers) {
    if (cache instanceof PreloadedAnswersCache) cache.preload(a.query, a.variables, a.data, a.text);
    else cache.writeQuery({ query: a.query, variables: a.variables, data: a.data as Record<string, unknown> });
  }
  return { state: cache.extract(), reused: cache instanceof PreloadedAnswersCache ? cache.reused : 0 };
}

describe('PreloadedAnswersCache: the same answer normalised once for every request', () => {
  beforeEach(() => forgetNormalised());
  const results = { query: RESULTS, variables: { prefecture: 'tokyo' }, data: answer, text: JSON.stringify({ data: answer }) };

  it('merges an answer seen before with the same body as normalised then: the state writing it gives', () => {
    const plain = requestState([results], false).state;
    const seen = [1, 2, 3, 4].map(() => requestState([results], true));
    expect(seen.map((r) => r.reused)).toEqual([0, 1, 1, 1]);
    for (const r of seen) expect(r.state).toEqual(plain);
    // Another request's later answer about the same listing (merged after it) changes that request only.
    const withFavorite = [results, { query: FAVORITE, data: favoriteAnswer, text: JSON.stringify({ data: favoriteAnswer }) }];
    expect(requestState(withFavorite, true).state).toEqual(requestState(withFavorite, false).state);
    expect(requestState([results], true).state).toEqual(plain);
  });

  it('writes an answer again when its body differs, or when it carries no body', () => {
    requestState([results], true);
    const other = { ...answer, searchBukkens: { ...answer.searchBukkens, total: 3 } };
    const changed = { ...results, data: other, text: JSON.stringify({ data: other }) };
    const r = requestState([changed], true);
    expect(r.reused).toBe(0);
    expect(r.state).toEqual(requestState([changed], false).state);
    requestState([{ ...results, text: undefined }], true);
    expect(requestState([{ ...results, text: undefined }], true).reused).toBe(0);
  });

  it('never reuses an answer holding a type whose writes merge with what the cache holds (StockCount)', () => {
    const visitor = { query: VISITOR, data: visitorAnswer(5), text: JSON.stringify({ data: visitorAnswer(5) }) };
    const plain = requestState([visitor], false).state;
    const seen = [1, 2, 3].map(() => requestState([visitor], true));
    expect(seen.map((r) => r.reused)).toEqual([0, 0, 0]);
    for (const r of seen) expect(r.state).toEqual(plain);
  });

  it("shares frozen entities: a request's own later write never reaches the next request's state", () => {
    requestState([results], true);
    const cache = new PreloadedAnswersCache();
    cache.preload(RESULTS, { prefecture: 'tokyo' }, answer, results.text);
    cache.extract();
    expect(cache.reused).toBe(1);
    cache.writeQuery({ query: FAVORITE, data: favoriteAnswer });
    expect(cache.extract()['Bukken:{"globalKey":"bk1"}']).toMatchObject({ name: 'A (renamed)' });
    expect(requestState([results], true).state).toEqual(requestState([results], false).state);
  });
});
