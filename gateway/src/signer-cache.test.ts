import { decodeJwt } from 'jose';
import { generateSigningKey, tokenSigner } from '@sumika/server-kit';
import { cachingSigner } from './signer-cache.js';

describe('cachingSigner', () => {
  it('reuses a token for the same claims within the window, and never across visitors', async () => {
    let signed = 0;
    const base = await tokenSigner(await generateSigningKey('t'));
    const sign = cachingSigner((claims) => {
      signed++;
      return base(claims);
    }, 0.2);
    const a1 = await sign({ uid: 'a', ip: '203.0.113.1' });
    const a2 = await sign({ uid: 'a', ip: '203.0.113.1' });
    const b = await sign({ uid: 'b', ip: '203.0.113.1' });
    const aFresh = await sign({ uid: 'a', fresh: true, ip: '203.0.113.1' });
    expect(a2).toBe(a1);
    expect(new Set([a1, b, aFresh]).size).toBe(3);
    expect(decodeJwt(b).uid).toBe('b');
    expect(decodeJwt(aFresh).fresh).toBe(true);
    expect(signed).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    await sign({ uid: 'a', ip: '203.0.113.1' });
    expect(signed).toBe(4);
  });
});
