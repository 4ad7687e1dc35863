/**
 * @jest-environment node
 */
// SSR: every component renders with react-dom/server where window and document do not exist.
import { readFileSync } from 'node:fs';
import { renderToString } from 'react-dom/server';
import { clientContextFromRequest } from './client-context/client-context.js';
import { createApolloClient } from './graphql/apollo-client.js';
import { KitchenSink } from './testing/kitchen-sink.js';
import * as kit from './index.js';

const UA = {
  pc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  sp: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  app: 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 SumikaApp/Android 3.4.0',
};

it('runs without a DOM', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
  // the module graph loaded (index imports everything) without touching browser globals
  expect(typeof kit.Layout).toBe('function');
});

describe.each(Object.entries(UA))('%s', (name, userAgent) => {
  const ctx = clientContextFromRequest({ userAgent, referer: '', host: 'sumika.example', now: new Date('2024-10-02T16:00:00Z'), env: 'staging' });

  it('renders the whole chrome to a string', () => {
    const client = createApolloClient({ uri: 'http://127.0.0.1:9/graphql', ssrMode: true, fetch: () => Promise.reject(new Error('no network in this test')) });
    const html = renderToString(<KitchenSink ctx={ctx} client={client} />);
    expect(html).toContain(`data-view="${name}"`);
    expect(html).toContain('<title>');
    expect(html).toContain('application/ld+json');
    if (name !== 'app') expect(html).toContain('/violate');
    if (name === 'pc') expect(html).toContain('2024/10/03');
    expect(html).toContain('Error 404');
  });

  it('renders without an ApolloProvider', () => {
    expect(() => renderToString(<KitchenSink ctx={ctx} />)).not.toThrow();
  });
});

it('ships its stylesheet as a CSS file, every class with the sk- prefix', () => {
  const css = readFileSync(new URL('./styles.css', import.meta.url), 'utf8');
  expect(css).toContain('.sk-root');
  expect(css).toContain('--sk-brand: #087a4d;');
  // every class the stylesheet defines carries the sk- prefix (comments aside)
  const classes = css.replace(/\/\*[\s\S]*?\*\//g, '').match(/\.[a-zA-Z][\w-]*/g) ?? [];
  expect(classes.length).toBeGreaterThan(100);
  expect(classes.filter((c) => !c.startsWith('.sk-'))).toEqual([]);
});
