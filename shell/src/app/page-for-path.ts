import { matchRoute, type RouteDef } from '../routes.js';
import type { PageState, RouteSummary } from './state.js';

/** What the layout and the page need of a route. */
export function routeSummary(route: RouteDef): RouteSummary {
  return { id: route.id, path: route.path, pageKind: route.pageKind, ...(route.headerVariant ? { headerVariant: route.headerVariant } : {}) };
}

/**
 * The page a path shows: its remote page or shell page, or an error page (404 for no route, the
 * route's bad-parameter status). The server decides the first page with it; the browser, after a
 * client-side navigation, from the route table it loads then (route-table.ts).
 */
export function pageForPath(pathname: string): PageState {
  const match = matchRoute(pathname);
  if (!match) return { kind: 'error', status: 404 };
  if (match.badParam) return { kind: 'error', status: match.route.badParamStatus ?? 400, routeId: match.route.id };
  const { target } = match.route;
  const route = routeSummary(match.route);
  if ('shell' in target) return { kind: 'shell', route, name: target.shell, params: match.params };
  return { kind: 'remote', route, remote: target.remote, expose: target.expose, params: match.params };
}
