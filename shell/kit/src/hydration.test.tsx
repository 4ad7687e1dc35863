// Hydration: what the server rendered hydrates in the browser without mismatches or warnings.
import { jest } from '@jest/globals';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { clientContextFromRequest } from './client-context/client-context.js';
import { mockApolloClient } from './testing/mock-apollo.js';
import { KitchenSink } from './testing/kitchen-sink.js';

const UA = {
  pc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  sp: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  app: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 SumikaApp/iOS 3.4.0',
};

describe.each(Object.entries(UA))('%s', (_name, userAgent) => {
  it('hydrates without warnings', async () => {
    const ctx = clientContextFromRequest({
      userAgent,
      referer: 'https://www.google.com/',
      host: 'sumika.example',
      now: new Date('2024-10-02T16:00:00Z'),
      env: 'staging',
    });
    const answer = () => ({ data: null });
    const server = mockApolloClient(answer).client;
    // The shell renders with renderToPipeableStream, which waits for lazy views (the balloon, the app
    // banner); renderToString does not: a first pass starts their chunks, the second renders them.
    renderToString(<KitchenSink ctx={ctx} client={server} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const html = renderToString(<KitchenSink ctx={ctx} client={server} />);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const consoleError = jest.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args));
    const consoleWarn = jest.spyOn(console, 'warn').mockImplementation((...args) => void errors.push(args));
    const browser = mockApolloClient(answer).client;
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <KitchenSink ctx={ctx} client={browser} />, {
        onRecoverableError: (e) => void errors.push(e),
      });
    });
    await act(async () => undefined);
    consoleError.mockRestore();
    consoleWarn.mockRestore();
    expect(errors).toEqual([]);
    act(() => root?.unmount());
    container.remove();
  });
});
