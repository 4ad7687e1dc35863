import { render, screen } from '@testing-library/react';
import { ApolloClient, InMemoryCache, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Link } from 'react-router';
import { jest } from '@jest/globals';
import { of } from 'rxjs';


test('smoke', async () => {

  const { renderToString } = await import('react-dom/server');
  const { hydrateRoot } = await import('react-dom/client');
  jest.useFakeTimers();
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => of({ data: {} })) });
  const el = (<ApolloProvider client={client}><MemoryRouter><Link to="/x">x</Link></MemoryRouter></ApolloProvider>);
  const html = renderToString(el);
  expect(html).toContain('href="/x"');
  const div = document.createElement('div'); div.innerHTML = html;
  hydrateRoot(div, el);
  render(el);
  expect(screen.getAllByText('x')[0]?.getAttribute('href')).toBe('/x');
  jest.useRealTimers();
});
