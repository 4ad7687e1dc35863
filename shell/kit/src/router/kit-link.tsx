import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { useInRouter } from './router.js';

export interface KitLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** SPEC §3 breadcrumb preventPrefetch: marked for the shell's prefetcher to skip. */
  preventPrefetch?: boolean;
  children?: ReactNode;
}

const isExternal = (to: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');

/**
 * A router link inside the shell's router (client-side navigation across remotes), a plain
 * anchor outside one or for other sites: kit components render anywhere, SSR included.
 */
export function KitLink({ to, preventPrefetch, children, ...rest }: KitLinkProps) {
  const inRouter = useInRouter();
  const data = preventPrefetch ? { 'data-prefetch': 'none' } : {};
  if (inRouter && !isExternal(to)) {
    return (
      <Link href={to} {...rest} {...data}>
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
