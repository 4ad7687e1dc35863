import {
  APP_USER_AGENT_TOKENS,
  CLIENT_CONTEXT_GLOBAL,
  clientContextFromBrowser,
  clientContextFromRequest,
  clientContextScript,
  isExternalReferrer,
} from './client-context.js';
import { notify } from '../core/native-bridge.js';
import { jest } from '@jest/globals';

const UA = {
  pc: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  androidTablet: 'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  iosApp: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ${APP_USER_AGENT_TOKENS.ios} 3.4.0`,
  androidApp: `Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36 ${APP_USER_AGENT_TOKENS.android} 3.4.0`,
};

const now = new Date('2024-10-03T06:00:00Z');
const ctxOf = (userAgent: string) =>
  clientContextFromRequest({ userAgent, referer: 'https://sumika.example/search', host: 'sumika.example', now, env: 'production' });

describe('clientContextFromRequest: device view from the user agent', () => {
  it.each([
    ['pc', { isSpView: false, isApp: false, isIosApp: false, isIphone: false }],
    ['mac', { isSpView: false, isApp: false, isIosApp: false, isIphone: false }],
    ['android', { isSpView: true, isApp: false, isIosApp: false, isIphone: false }],
    ['androidTablet', { isSpView: false, isApp: false, isIosApp: false, isIphone: false }],
    ['iphone', { isSpView: true, isApp: false, isIosApp: false, isIphone: true }],
    ['ipad', { isSpView: false, isApp: false, isIosApp: false, isIphone: false }],
    ['iosApp', { isSpView: true, isApp: true, isIosApp: true, isIphone: true }],
    ['androidApp', { isSpView: true, isApp: true, isIosApp: false, isIphone: false }],
  ] as const)('%s', (name, expected) => {
    expect(ctxOf(UA[name])).toMatchObject(expected);
  });

  it('keeps the server date, the environment and the ref_code', () => {
    const ctx = clientContextFromRequest({ userAgent: UA.pc, referer: null, host: 'a', now, env: 'staging', refCode: ' lis_ad_g ' });
    expect(ctx).toEqual({
      serverDate: '2024-10-03T06:00:00.000Z',
      isSpView: false,
      isApp: false,
      isIosApp: false,
      isIphone: false,
      isExternalReferrer: true,
      env: 'staging',
      refCode: 'lis_ad_g',
      origin: 'https://a',
    });
  });

  it('takes the origin and the same-site test from the public origin, not the Host header, on the server', () => {
    const ctx = clientContextFromRequest({
      userAgent: UA.pc,
      referer: 'https://sumika.example/search',
      host: 'evil.test',
      origin: 'https://sumika.example/',
      now,
      env: 'production',
    });
    expect(ctx.origin).toBe('https://sumika.example');
    expect(ctx.isExternalReferrer).toBe(false);
    expect(clientContextFromRequest({ referer: 'https://evil.test/', host: 'evil.test', origin: 'https://sumika.example' }).isExternalReferrer).toBe(true);
  });

  it('treats a missing user agent as PC', () => {
    expect(clientContextFromRequest({})).toMatchObject({ isSpView: false, isApp: false, env: 'production' });
  });
});

describe('external referrer (SPEC §4)', () => {
  it('is external when the referrer is empty', () => {
    expect(isExternalReferrer('', 'sumika.example')).toBe(true);
    expect(isExternalReferrer(undefined, 'sumika.example')).toBe(true);
  });
  it('is external when the referrer has another host', () => {
    expect(isExternalReferrer('https://www.google.com/search?q=chintai', 'sumika.example')).toBe(true);
    expect(isExternalReferrer('https://cashback.sumika.example/', 'sumika.example')).toBe(true);
    expect(isExternalReferrer('http://localhost:3001/', 'localhost:3000')).toBe(true);
    expect(isExternalReferrer('not a url', 'sumika.example')).toBe(true);
  });
  it('is internal for the same host, whatever the path or case', () => {
    expect(isExternalReferrer('https://sumika.example/favorite', 'sumika.example')).toBe(false);
    expect(isExternalReferrer('https://SUMIKA.example/', 'sumika.example')).toBe(false);
    expect(isExternalReferrer('http://localhost:3000/search', 'localhost:3000')).toBe(false);
  });
});

describe('in the browser', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>)[CLIENT_CONTEXT_GLOBAL];
  });
  it('uses the context the server rendered with', () => {
    const server = ctxOf(UA.iphone);
    const script = clientContextScript(server);
    expect(script).not.toContain('<');
    new Function(script)();
    expect(clientContextFromBrowser()).toEqual(server);
  });
  it('derives one from navigator and location otherwise (jsdom: localhost, no referrer)', () => {
    expect(clientContextFromBrowser()).toMatchObject({ env: 'localhost', isExternalReferrer: true, isSpView: false });
  });
});

describe('notify', () => {
  afterEach(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.webkit;
    delete w.SumikaAndroid;
  });
  it('posts to the iOS bridge', () => {
    const postMessage = jest.fn();
    Object.assign(window, { webkit: { messageHandlers: { sumika: { postMessage } } } });
    notify('保存しました');
    expect(postMessage).toHaveBeenCalledWith({ type: 'alert', message: '保存しました' });
  });
  it('posts a string to the Android bridge', () => {
    const postMessage = jest.fn();
    Object.assign(window, { SumikaAndroid: { postMessage } });
    notify('保存しました');
    expect(postMessage).toHaveBeenCalledWith(JSON.stringify({ type: 'alert', message: '保存しました' }));
  });
  it('falls back to window.alert', () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    notify('x', { isApp: false });
    expect(alert).toHaveBeenCalledWith('x');
    alert.mockRestore();
  });
});
