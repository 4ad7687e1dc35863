import { jsonForScript } from '@sumika/shell-kit';
import type { ClientContext, HeaderVariant, LastSearchCondition, StockCounts } from '@sumika/shell-kit';
import type { PageKind, RemotePageMeta, PublicConfig } from '@sumika/shell-kit';
import type { RemoteName } from '../routes.js';

/** What failed about the page's remote on the server: the page area shows an error box. */
export type RemoteFailure = 'load' | 'render';

/** What the layout and the page need of the page's route (the whole table stays on the server until the browser navigates). */
export interface RouteSummary {
  id: string;
  path: string;
  pageKind: PageKind;
  headerVariant?: HeaderVariant;
}

/** The page as the server decided it; the browser starts from the same decision. */
export type PageState =
  | { kind: 'remote'; route: RouteSummary; remote: RemoteName; expose: string; params: Record<string, string>; failed?: RemoteFailure }
  | { kind: 'shell'; route: RouteSummary; name: string; params: Record<string, string> }
  | { kind: 'error'; status: number; routeId?: string };

/** The visitor as the server read it for this page. */
export interface VisitorState {
  counts: StockCounts;
  lastSearchCondition: LastSearchCondition | null;
  favoriteKeys: string[];
  abTests: { name: string; value: string }[];
}

/**
 * Serialised into the HTML for hydration (window.__SUMIKA__). The client context and the Apollo
 * cache travel in the kit's own globals (clientContextScript, apolloStateScript).
 */
export interface ShellState {
  page: PageState;
  meta: RemotePageMeta;
  status: number;
  config: PublicConfig;
  visitor: VisitorState;
  /** Browser remote entries, read from the remotes' manifests at run time by the server. */
  remotes: Record<RemoteName, string>;
  gatewayPath: string;
}

/** The server state the React tree needs (the same on both sides). */
export interface RootState {
  page: PageState;
  context: ClientContext;
  config: PublicConfig;
  visitor: VisitorState;
}

export const STATE_GLOBAL = '__SUMIKA__';

/** The shell's state as the document's script sets it. */
export const serializeState = (state: ShellState): string => jsonForScript(state);
