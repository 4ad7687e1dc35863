import { parseCookie, stringifySetCookie } from 'cookie';

/** Reads and writes the few cookies this subgraph owns (the gateway forwards `cookie` and copies `set-cookie` back). */

/** Parses a Cookie header; the first occurrence of a name wins, values are URI-decoded when they can be. */
export function parseCookies(header: string | string[] | undefined): Map<string, string> {
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  const out = new Map<string, string>();
  // RFC 6265 lets a value be DQUOTE-wrapped; the library keeps the quotes, we read the value inside.
  const unquote = (v: string) => (v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v);
  const decode = (v: string) => {
    try {
      return decodeURIComponent(unquote(v));
    } catch {
      return unquote(v);
    }
  };
  for (const [name, value] of Object.entries(parseCookie(text, { decode }))) if (name && value !== undefined) out.set(name, value);
  return out;
}

/** A Set-Cookie value: Path=/, SameSite=Lax, with Max-Age. Not HttpOnly: the client reads these cookies too. */
export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  return stringifySetCookie(name, value, { maxAge: Math.floor(maxAgeSeconds), path: '/', sameSite: 'lax' });
}
