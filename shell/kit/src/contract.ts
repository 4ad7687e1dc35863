/**
 * The contract between the shell and the pages a remote exposes. A remote imports these types only
 * (`import type` from '@sumika/shell-kit', their one entry to the shell), never shell code: an exposed module's default export is a React component taking
 * RemotePageProps; beside it the module may export `pageQueries` (PageQueries), the data its render reads.
 */

import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { ClientContext } from './client-context/client-context.js';
import type { PageKind } from './core/constants.js';

/** SPEC §2.1 page kinds: one list, the kit's PAGE_KINDS. */
export type { PageKind };

export interface Breadcrumb {
  text: string;
  /** Absent on the last item (text only). */
  path?: string;
  preventPrefetch?: boolean;
}

/** SPEC §3 page base data: meta, page title and subtitle, breadcrumbs. */
export interface RemotePageMeta {
  title?: string;
  description?: string;
  /** Absolute path or URL; the shell makes it absolute. */
  canonical?: string;
  robots?: string;
  pageTitle?: string;
  pageSubTitle?: string;
  breadcrumbs?: Breadcrumb[];
}

/** What the shell tells every page about the deployment (no secrets). */
export interface PublicConfig {
  /** SPEC §9 environment names. */
  env: 'localhost' | 'develop' | 'staging' | 'test' | 'production';
  /** reCAPTCHA site key; without one, forms send `recaptchaTestToken` (local and test stacks only). */
  recaptchaSiteKey?: string;
  recaptchaTestToken?: string;
  /** An XYZ tile URL template (https, with {z}, {x} and {y}) for the map; without one it draws the site's own base layer. */
  mapTileUrl?: string;
  /** The tiles' attribution (HTML), shown on the map. */
  mapTileAttribution?: string;
}

export interface RemotePageProps {
  /** Path parameters of the matched route, e.g. { id: 'bk000000001' }. */
  params: Record<string, string>;
  /** The query string including '?', or ''. */
  search: string;
  /** The matched route (SPEC §2.1). */
  route: { id: string; path: string; pageKind: PageKind };
  /** Declares the page's meta and breadcrumbs; call it while rendering (idempotent). */
  setMeta: (meta: RemotePageMeta) => void;
  /** A path that names nothing (an unknown prefecture…): 404; a malformed parameter: 400. */
  setStatus: (status: 400 | 404 | 500) => void;
  config: PublicConfig;
}

/** What a page's data declaration is computed from: the props and client context its render has. */
export interface PageQueriesInput {
  params: RemotePageProps['params'];
  search: RemotePageProps['search'];
  route: RemotePageProps['route'];
  context: Pick<ClientContext, 'isSpView' | 'isApp'>;
}

/**
 * One operation a page's render reads with useQuery: the same document and variables (built by the
 * same function the component calls), so the cache the shell fills beforehand answers it exactly.
 */
export interface PageQuery<TData = unknown, TVariables extends OperationVariables = OperationVariables> {
  query: TypedDocumentNode<TData, TVariables>;
  variables?: TVariables;
}

/** An entry of any document: what `pageQueries` returns (each entry may be checked with `satisfies PageQuery<Data, Variables>`). */
export interface AnyPageQuery {
  query: TypedDocumentNode<unknown, never>;
  variables?: OperationVariables;
}

/**
 * An exposed page module's named export `pageQueries`: a pure function of the page's input returning
 * every query its server render reads (skipped ones left out). The shell runs them in parallel with
 * the visitor call and renders once from the filled cache; a page without it, or whose render still
 * misses one, goes through the slower data pass (renders until every query has data).
 */
export type PageQueries = (input: PageQueriesInput) => readonly AnyPageQuery[];
