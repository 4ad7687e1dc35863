import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AB_TEST_NAMES } from '@sumika/spec';
import type { AbTestAssignment } from '../graphql/operations/ab-tests.js';
import { useOptionalApolloClient } from '../graphql/use-optional-client.js';

/** The A/B tests the chrome itself reads (named in @sumika/spec; the user subgraph defines their variants). */
export { AB_TEST_NAMES };

export type AbTestValues = Readonly<Record<string, string>>;

export interface AbTestApi {
  /** test name → variant, once known (empty until abTests answered, unless the server passed them). */
  tests: AbTestValues;
  /** True once abTests answered (or failed). */
  ready: boolean;
  /** Saves a variant (force: admins pin it); failures are silently ignored (SPEC §4). */
  save(name: string, value: string, opts?: { force?: boolean }): Promise<void>;
}

const Ctx = createContext<AbTestApi | null>(null);

const toValues = (list: readonly AbTestAssignment[]): Record<string, string> => Object.fromEntries(list.map((t) => [t.name, t.value]));

function initialValues(initial: Record<string, string> | readonly AbTestAssignment[] | null | undefined): Record<string, string> {
  if (!initial) return {};
  // Array.isArray does not narrow readonly arrays.
  return Array.isArray(initial) ? toValues(initial as readonly AbTestAssignment[]) : { ...(initial as Record<string, string>) };
}

export interface AbTestProviderProps {
  /**
   * Variants the server rendered with (from abTests or the `{name}_for_ga_session` cookies). When
   * given, the server has read abTests for this page load already and the browser does not again.
   */
  initialTests?: Record<string, string> | readonly AbTestAssignment[] | null;
  children?: ReactNode;
}

/** Reads abTests once per page load (the server draws and cookies the variants); components read them with useAbTest. */
/** The save mutation: a lazy chunk loaded with the first save (no page saves a variant on its first view). */
const loadSetAbTests = () => import(/* webpackChunkName: "lazy-set-ab-tests" */ '../graphql/operations/set-ab-tests.js');

export function AbTestProvider({ initialTests, children }: AbTestProviderProps) {
  const client = useOptionalApolloClient();
  const [tests, setTests] = useState<Record<string, string>>(() => initialValues(initialTests));
  const [ready, setReady] = useState(!!initialTests);
  const loaded = useRef(!!initialTests);

  useEffect(() => {
    if (loaded.current || !client) return;
    loaded.current = true;
    // A lazy chunk: the shell renders every page with the visitor's variants, so only a provider
    // without them (a remote on its own) asks.
    import(/* webpackChunkName: "lazy-ab-tests" */ '../graphql/operations/ab-tests.js')
      .then(({ AB_TESTS }) => client.query({ query: AB_TESTS, fetchPolicy: 'cache-first' }))
      .then(({ data }) => {
        if (data) setTests((t) => ({ ...t, ...toValues(data.abTests) }));
      })
      .catch(() => undefined)
      .finally(() => setReady(true));
  }, [client]);

  const save = useCallback(
    async (name: string, value: string, opts: { force?: boolean } = {}) => {
      setTests((t) => ({ ...t, [name]: value }));
      if (!client) return;
      try {
        const { SET_AB_TESTS } = await loadSetAbTests();
        const { data } = await client.mutate({ mutation: SET_AB_TESTS, variables: { inputs: [{ name, value }], force: opts.force ?? false } });
        if (data) setTests((t) => ({ ...t, ...toValues(data.setAbTests) }));
      } catch {
        // SPEC §4: save failures are silently ignored.
      }
    },
    [client],
  );

  const api = useMemo<AbTestApi>(() => ({ tests, ready, save }), [tests, ready, save]);
  return <Ctx.Provider value={api}>{children}</Ctx.Provider>;
}

/** The visitor's variant of a test, or undefined until known (and without a provider). */
export function useAbTest(name: string): string | undefined {
  return useContext(Ctx)?.tests[name];
}

export function useAbTests(): AbTestApi {
  const api = useContext(Ctx);
  if (!api) throw new Error('useAbTests() needs an <AbTestProvider> above it (the shell renders one).');
  return api;
}
