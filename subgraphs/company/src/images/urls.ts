import { envVar, parseEnv, type EnvShape } from '@sumika/server-kit';

/**
 * Where browsers fetch this service's images; the only place the origin is read. Relative by default:
 * through the shell's /images proxy, same origin as the page (its CSP allows images from 'self' only).
 */
export const IMAGE_ORIGIN_ENV = { PUBLIC_COMPANY_IMAGE_ORIGIN: envVar.httpUrl() } satisfies EnvShape;

export function imageOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (parseEnv(IMAGE_ORIGIN_ENV, env).PUBLIC_COMPANY_IMAGE_ORIGIN ?? '').replace(/\/+$/, '');
}

/** Path of a store's generated storefront picture, served by plugins/images.ts. */
export function storefrontPath(storeKey: string): string {
  return `/images/company/${encodeURIComponent(storeKey)}/storefront.svg`;
}

export function storefrontUrl(storeKey: string): string {
  return `${imageOrigin()}${storefrontPath(storeKey)}`;
}
