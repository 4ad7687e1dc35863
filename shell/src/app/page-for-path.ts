import { matchRoute, type RouteDef } from '../routes.js';
import type { PageState, RouteSummary } from './state.js';

/** What the layout and the page need of a route. */
export function routeSummary(route: RouteDef): RouteSummary {
  return { id: route.id, path: route.path, pageKind: route.pageKind, ...(route.headerVariant ? { headerVariant: route.headerVariant } : {}) };
}

/**
 * The page a path shows: its remote page or shell page, or an error page (404 for no route, the
 * route's bad-parameter status), with the route it matched. The server decides the first page with
 * it; the browser, after a client-side navigation, from the route table it loads then (route-table.ts).
 */
export function resolvePage(pathname: string): { page: PageState; route?: RouteDef } {
  const match = matchRoute(pathname);
  if (!match) return { page: { kind: 'error', status: 404 } };
  const { route } = match;
  if (match.badParam) return { page: { kind: 'error', status: route.badParamStatus ?? 400, routeId: route.id }, route };
  const { target } = route;
  const summary = routeSummary(route);
  if ('shell' in target) return { page: { kind: 'shell', route: summary, name: target.shell, params: match.params }, route };
  return { page: { kind: 'remote', route: summary, remote: target.remote, expose: target.expose, params: match.params }, route };
}

/** The page a path shows (resolvePage without the route). */
export const pageForPath = (pathname: string): PageState => resolvePage(pathname).page;
