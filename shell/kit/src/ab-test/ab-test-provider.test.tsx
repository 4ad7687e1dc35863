import { act, render, screen, waitFor } from '@testing-library/react';
import { ApolloProvider } from '@apollo/client/react';
import { mockApolloClient } from '../testing/mock-apollo.js';
import { AbTestProvider, useAbTest, useAbTests, type AbTestApi } from './ab-test-provider.js';
import type { AbTestsQuery } from '../__generated__/operations.js';

let api: AbTestApi;
function Show() {
  api = useAbTests();
  return <output>{useAbTest('leave_popup') ?? 'unknown'}</output>;
}

const answer = { data: { abTests: [{ __typename: 'AbTest', name: 'leave_popup', value: 'line', forced: false }] } satisfies AbTestsQuery };

it('reads abTests once and exposes the variants', async () => {
  const { client, calls } = mockApolloClient((op) =>
    op.operationName === 'AbTests' ? answer : { errors: [{ message: 'boom', extensions: { code: 'BAD_REQUEST' } }] },
  );
  const tree = (
    <ApolloProvider client={client}>
      <AbTestProvider>
        <Show />
      </AbTestProvider>
    </ApolloProvider>
  );
  const { rerender } = render(tree);
  expect(screen.getByRole('status').textContent).toBe('unknown');
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('line'));
  rerender(tree);
  expect(calls.filter((c) => c.operationName === 'AbTests')).toHaveLength(1);
  expect(api.ready).toBe(true);
});

it('uses the variants the server rendered with, without reading them again', async () => {
  const { client, calls } = mockApolloClient(() => answer);
  render(
    <ApolloProvider client={client}>
      <AbTestProvider initialTests={[{ name: 'leave_popup', value: 'app', forced: false }]}>
        <Show />
      </AbTestProvider>
    </ApolloProvider>,
  );
  expect(screen.getByRole('status').textContent).toBe('app');
  await act(async () => undefined);
  expect(calls).toHaveLength(0);
  expect(api.ready).toBe(true);
});

it('ignores save failures silently', async () => {
  const { client, calls } = mockApolloClient((op) =>
    op.operationName === 'AbTests' ? answer : { errors: [{ message: 'boom', extensions: { code: 'BAD_REQUEST' } }] },
  );
  render(
    <ApolloProvider client={client}>
      <AbTestProvider>
        <Show />
      </AbTestProvider>
    </ApolloProvider>,
  );
  await waitFor(() => expect(screen.getByRole('status').textContent).toBe('line'));
  await act(async () => {
    await expect(api.save('leave_popup', 'app')).resolves.toBeUndefined();
  });
  expect(calls.find((c) => c.operationName === 'SetAbTests')?.variables).toEqual({ inputs: [{ name: 'leave_popup', value: 'app' }], force: false });
  expect(screen.getByRole('status').textContent).toBe('app');
});

it('works without Apollo or a provider', () => {
  render(<Show2 />);
  expect(screen.getByRole('status').textContent).toBe('unknown');
});
function Show2() {
  return <output>{useAbTest('leave_popup') ?? 'unknown'}</output>;
}
