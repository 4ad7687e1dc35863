import { useContext, type AnchorHTMLAttributes, type ReactNode } from 'react';
import { Link, UNSAFE_LocationContext, useInRouterContext, type Location } from 'react-router';

export interface KitLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** SPEC §3 breadcrumb preventPrefetch: marked for the shell's prefetcher to skip. */
  preventPrefetch?: boolean;
  children?: ReactNode;
}

const isExternal = (to: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');

/**
 * A router Link inside the shell's router (client-side navigation across remotes), a plain
 * anchor outside one or for other sites: kit components render anywhere, SSR included.
 */
export function KitLink({ to, preventPrefetch, children, ...rest }: KitLinkProps) {
  const inRouter = useInRouterContext();
  const data = preventPrefetch ? { 'data-prefetch': 'none' } : {};
  if (inRouter && !isExternal(to)) {
    return (
      <Link to={to} {...rest} {...data}>
        {children}
      </Link>
    );
  }
  return (
    <a href={to} {...rest} {...data}>
      {children}
    </a>
  );
}

/**
 * The router's location, or null outside a router. Reads the context directly because
 * useLocation() throws outside a router and kit components must render without one.
 */
export function useOptionalLocation(): Location | null {
  return useContext(UNSAFE_LocationContext)?.location ?? null;
}
