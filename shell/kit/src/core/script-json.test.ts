import { jsonForScript } from './script-json.js';

describe('jsonForScript', () => {
  it('cannot close its script or break a line in old parsers, and reads back as the same value', () => {
    const value = { a: '</script><script>alert(1)</script>', b: 'line\u2028sep\u2029para', c: [1, null, '<!--'] };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
