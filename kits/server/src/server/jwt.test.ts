import { generateSigningKey, rememberVerified, tokenSigner, tokenVerifier, VERIFIED_TOKEN_TRUST_MS } from './jwt.js';

describe('rememberVerified', () => {
  it('checks a token once per trust window, never past its exp, and never remembers a failure', async () => {
    let clock = 1_000_000_000_000;
    let checks = 0;
    const verify = rememberVerified(
      async (token: string) => {
        checks++;
        if (token.startsWith('bad')) throw new Error('signature verification failed');
        // `short` expires 10 s from the clock at the time of its check; the others in an hour.
        return { sub: token, exp: Math.floor(clock / 1000) + (token === 'short' ? 10 : 3600) };
      },
      { now: () => clock },
    );
    expect(await verify('a')).toEqual({ sub: 'a', exp: expect.any(Number) });
    await verify('a');
    await verify('b');
    expect(checks).toBe(2);
    // Within the window the signature is not checked again; after it, it is.
    clock += VERIFIED_TOKEN_TRUST_MS - 1;
    await verify('a');
    expect(checks).toBe(2);
    clock += 2;
    await verify('a');
    expect(checks).toBe(3);
    // A token expiring inside the window is trusted only until its exp.
    await verify('short');
    clock += 9_000;
    await verify('short');
    expect(checks).toBe(4);
    clock += 2_000;
    await verify('short');
    expect(checks).toBe(5);
    // Failures go through every time.
    await expect(verify('bad')).rejects.toThrow('signature');
    await expect(verify('bad')).rejects.toThrow('signature');
    expect(checks).toBe(7);
  });

  it("is what a subgraph's tokenVerifier does with real RS256 tokens: a tampered token still fails", async () => {
    const key = await generateSigningKey('k1');
    const sign = await tokenSigner(key);
    const verify = tokenVerifier({ jwks: { keys: [key.publicJwk] } });
    const token = await sign({ uid: 'u1', ip: '203.0.113.9' });
    expect(await verify(token)).toMatchObject({ uid: 'u1', ip: '203.0.113.9' });
    expect(await verify(token)).toMatchObject({ uid: 'u1' });
    const [head, body, sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), uid: 'u2' })).toString('base64url')}.${sig}`;
    await expect(verify(forged)).rejects.toThrow();
  });
});
