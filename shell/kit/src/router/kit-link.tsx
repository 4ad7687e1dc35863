import type { AnchorHTMLAttributes, FocusEvent, PointerEvent, ReactNode, TouchEvent } from 'react';
import { Link } from 'wouter';
import { prepareNavigation, useInRouter } from './router.js';

export interface KitLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** SPEC §3 breadcrumb preventPrefetch: the shell fetches nothing ahead for this link. */
  preventPrefetch?: boolean;
  children?: ReactNode;
}

const isExternal = (to: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');

/**
 * A router link inside the shell's router (client-side navigation across remotes), a plain
 * anchor outside one or for other sites: kit components render anywhere, SSR included. Hovering,
 * focusing or touching a router link lets the shell fetch the page ahead (prepareNavigation).
 */
export function KitLink({ to, preventPrefetch, children, ...rest }: KitLinkProps) {
  const inRouter = useInRouter();
  const data = preventPrefetch ? { 'data-prefetch': 'none' } : {};
  if (inRouter && !isExternal(to)) {
    const { onPointerEnter, onFocus, onTouchStart } = rest;
    const intent = preventPrefetch ? undefined : () => void prepareNavigation(to, 'intent')?.catch(() => undefined);
    return (
      <Link
        href={to}
        {...rest}
        {...data}
        onPointerEnter={(e: PointerEvent<HTMLAnchorElement>) => {
          intent?.();
          onPointerEnter?.(e);
        }}
        onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
          intent?.();
          onFocus?.(e);
        }}
        onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
          intent?.();
          onTouchStart?.(e);
        }}
      >
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
