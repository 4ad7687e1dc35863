/** @jest-environment node */
import { configFromEnv } from './config.js';

describe('configFromEnv', () => {
  it('keeps the local defaults when nothing is set', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicOrigin: 'http://localhost:3000',
      hsts: false,
      gatewayTimeoutMs: 2500,
      gatewayUrl: 'http://127.0.0.1:4000/graphql',
      bukkenImagesUrl: 'http://127.0.0.1:4002',
      companyImagesUrl: 'http://127.0.0.1:4004',
      issuer: 'sumika-shell',
      signingKeyJson: undefined,
      remotesFile: undefined,
      remoteEnv: {},
      remoteCheckTtlMs: 2000,
      remoteLoadTimeoutMs: 5000,
      production: false,
      log: { level: 'info', pretty: true },
      publicConfig: { env: 'localhost', recaptchaTestToken: 'test-recaptcha-token' },
    });
    expect(config.devKeyFile).toMatch(/\.data\/shell\/signing-key\.json$/);
  });

  it('reads every setting by its name; empty counts as unset', () => {
    const config = configFromEnv({
      NODE_ENV: 'production',
      SHELL_PORT: '3100',
      GATEWAY_PORT: '4100',
      BUKKEN_PORT: '4102',
      COMPANY_IMAGES_URL: 'https://img.example/company',
      PUBLIC_ORIGIN: 'https://sumika.example/ignored/path',
      SHELL_GATEWAY_TIMEOUT_MS: '1800',
      REMOTE_CHECK_TTL_MS: '0',
      MF_SEARCH_URL: 'http://127.0.0.1:3101/',
      MF_SEARCH_PUBLIC_URL: '',
      SHELL_SIGNING_KEY: '',
      DATA_DIR: '/tmp/sumika-data',
      RECAPTCHA_SITE_KEY: 'site-key',
    });
    expect(config).toMatchObject({
      port: 3100,
      publicOrigin: 'https://sumika.example',
      hsts: true,
      gatewayTimeoutMs: 1800,
      gatewayUrl: 'http://127.0.0.1:4100/graphql',
      bukkenImagesUrl: 'http://127.0.0.1:4102',
      companyImagesUrl: 'https://img.example/company',
      signingKeyJson: undefined,
      devKeyFile: '/tmp/sumika-data/shell/signing-key.json',
      remoteEnv: { MF_SEARCH_URL: 'http://127.0.0.1:3101/', MF_SEARCH_PUBLIC_URL: undefined },
      remoteCheckTtlMs: 0,
      production: true,
      publicConfig: { env: 'production', recaptchaSiteKey: 'site-key' },
    });
    expect(configFromEnv({ PUBLIC_ORIGIN: 'https://sumika.example', HSTS: 'false', APP_ENV: 'staging' })).toMatchObject({
      hsts: false,
      publicConfig: { env: 'staging' },
    });
    expect(configFromEnv({ MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© tiles' }).publicConfig).toMatchObject({
      mapTileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
      mapTileAttribution: '© tiles',
    });
    expect(configFromEnv({ LOG_LEVEL: 'warn', LOG_FORMAT: 'json' }).log).toEqual({ level: 'warn', pretty: false });
  });

  it.each([
    ['SHELL_PORT', 'abc', 'must be a port number'],
    ['SHELL_PORT', '70000', 'must be a port number'],
    ['GATEWAY_PORT', '40.5', 'must be a port number'],
    ['SHELL_GATEWAY_TIMEOUT_MS', '0', 'must be a whole number of milliseconds >= 1'],
    ['SHELL_GATEWAY_TIMEOUT_MS', 'soon', 'must be a whole number of milliseconds >= 1'],
    ['REMOTE_LOAD_TIMEOUT_MS', '-5', 'must be a whole number of milliseconds >= 1'],
    ['HSTS', 'yes', 'must be true or false'],
    ['APP_ENV', 'prod', 'must be one of localhost, develop, staging, test, production'],
    ['LOG_LEVEL', 'verbose', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    ['SHUTDOWN_GRACE_MS', 'soon', 'must be a whole number of milliseconds >= 0'],
    ['PUBLIC_ORIGIN', 'sumika.example', 'is not a URL'],
    ['PUBLIC_ORIGIN', 'ftp://sumika.example', 'must be http(s)'],
    ['GATEWAY_URL', 'localhost:4000/graphql', 'must be an http(s) URL'],
    ['BUKKEN_IMAGES_URL', 'not a url', 'must be an http(s) URL'],
    ['MF_USER_URL', 'file:///etc/passwd', 'must be an http(s) URL'],
    ['MAP_TILE_URL', 'http://tiles.example/{z}/{x}/{y}.png', 'must be an https URL template with {z}, {x} and {y}'],
    ['MAP_TILE_URL', 'https://tiles.example/{z}/{x}.png', 'must be an https URL template with {z}, {x} and {y}'],
  ])('stops the start on a bad %s (%s), naming the variable and its value', (name, value, message) => {
    expect(() => configFromEnv({ [name]: value })).toThrow(`${name}=${JSON.stringify(value)}: ${message}`);
  });

  it('names every bad variable at once', () => {
    expect(() => configFromEnv({ SHELL_PORT: 'x', HSTS: '1' })).toThrow(/bad environment\n {2}SHELL_PORT="x": .*\n {2}HSTS="1": /);
  });
});
