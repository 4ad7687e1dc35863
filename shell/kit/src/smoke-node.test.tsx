/** @jest-environment node */
import { renderToString } from 'react-dom/server';
import { ApolloClient, InMemoryCache, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MemoryRouter, Link } from 'react-router';
import { of } from 'rxjs';

test('smoke node', () => {
  const client = new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => of({ data: {} })) });
  const el = (<ApolloProvider client={client}><MemoryRouter><Link to="/x">x</Link><title>T</title></MemoryRouter></ApolloProvider>);
  console.log(renderToString(el));
  expect(typeof window).toBe('undefined');
});
