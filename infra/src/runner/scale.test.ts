import { parseScale, scaledServices, SERVICES } from './services.js';

describe('npm start -- --scale', () => {
  it('reads <subgraph>=<count> pairs', () => {
    expect(parseScale('search=3,bukken=2')).toEqual({ search: 3, bukken: 2 });
    expect(parseScale(' search=1 ')).toEqual({ search: 1 });
  });

  it.each([
    ['gateway=2', /gateway is not a subgraph/],
    ['search=0', /from 1 to 8 instances/],
    ['search=9', /from 1 to 8 instances/],
    ['search', /is not <subgraph>=<count>/],
    ['search=2,search=3', /named twice/],
  ])('refuses %s', (spec, message) => {
    expect(() => parseScale(spec)).toThrow(message);
  });

  it("runs each scaled subgraph's extra instances 100 ports apart and hands the gateway all of them", () => {
    const ports = Object.fromEntries(SERVICES.map((s) => [s.name, s.port]));
    const { services, env } = scaledServices(SERVICES, { search: 3, bukken: 2, user: 1 }, ports);
    const search = services.filter((s) => s.entry === 'subgraphs/search/src/server.ts');
    expect(search.map((s) => [s.name, s.port])).toEqual([
      ['search', 4001],
      ['search-2', 4101],
      ['search-3', 4201],
    ]);
    expect(services.filter((s) => s.entry === 'subgraphs/user/src/server.ts')).toHaveLength(1);
    expect(env).toEqual({
      SEARCH_URL: 'http://127.0.0.1:4001/graphql,http://127.0.0.1:4101/graphql,http://127.0.0.1:4201/graphql',
      BUKKEN_URL: 'http://127.0.0.1:4002/graphql,http://127.0.0.1:4102/graphql',
    });
    // A moved first port moves the others with it.
    expect(scaledServices(SERVICES, { search: 2 }, { ...ports, search: 5001 }).env.SEARCH_URL).toBe(
      'http://127.0.0.1:5001/graphql,http://127.0.0.1:5101/graphql',
    );
  });
});
