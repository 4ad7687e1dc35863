/** Reads and writes the few cookies this subgraph owns (the gateway forwards `cookie` and copies `set-cookie` back). */

/** Parses a Cookie header; the first occurrence of a name wins, values are URI-decoded when they can be. */
export function parseCookies(header: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  const text = Array.isArray(header) ? header.join('; ') : (header ?? '');
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || out.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      out.set(name, decodeURIComponent(value));
    } catch {
      out.set(name, value);
    }
  }
  return out;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A Set-Cookie value: Path=/, SameSite=Lax, with Max-Age. Not HttpOnly: the client reads these cookies too. */
export function serializeCookie(name: string, value: string, maxAgeSeconds: number): string {
  if (!TOKEN.test(name)) throw new Error(`invalid cookie name: ${name}`);
  return `${name}=${encodeURIComponent(value)}; Max-Age=${Math.floor(maxAgeSeconds)}; Path=/; SameSite=Lax`;
}
