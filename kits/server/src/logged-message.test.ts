import { LOGGED_MESSAGE_MAX, loggedMessage } from './logging.js';

describe('loggedMessage', () => {
  it('keeps a short message as it is', () => {
    expect(loggedMessage('Cannot query field "nope" on type "Query".')).toBe('Cannot query field "nope" on type "Query".');
  });

  it('cuts a long one and says how long it was', () => {
    const cut = loggedMessage('x'.repeat(100_000));
    expect(cut).toBe(`${'x'.repeat(LOGGED_MESSAGE_MAX)}… (100000 characters)`);
  });

  it('never cuts inside a surrogate pair (an emoji stays whole or goes)', () => {
    const cut = loggedMessage(`${'a'.repeat(LOGGED_MESSAGE_MAX - 1)}🏠🏠`);
    expect(cut.startsWith(`${'a'.repeat(LOGGED_MESSAGE_MAX - 1)}…`)).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
