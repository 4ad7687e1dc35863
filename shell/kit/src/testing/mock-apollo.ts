/** Test helper: an Apollo client whose link answers from a handler and records every operation. */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { Observable } from 'rxjs';
import { createKitCache } from '../graphql/apollo-client.js';

export interface RecordedOperation {
  operationName: string;
  variables: Record<string, unknown>;
}

export type MockResult = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

export function mockApolloClient(handler: (op: RecordedOperation) => MockResult | Promise<MockResult>): { client: ApolloClient; calls: RecordedOperation[] } {
  const calls: RecordedOperation[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const op = { operationName: operation.operationName ?? '', variables: operation.variables as Record<string, unknown> };
        calls.push(op);
        Promise.resolve(handler(op)).then(
          (result) => {
            observer.next(result as never);
            observer.complete();
          },
          (err: unknown) => observer.error(err),
        );
      }),
  );
  return { client: new ApolloClient({ link, cache: createKitCache() }), calls };
}
