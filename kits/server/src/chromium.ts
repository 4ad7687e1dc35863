/**
 * Debian's Chromium as the tests and benchmarks drive it (Playwright in e2e, Lighthouse in
 * bench:web): never a downloaded browser, and no background traffic or sandbox this machine lacks.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
