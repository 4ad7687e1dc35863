import { CombinedGraphQLErrors } from '@apollo/client';
import { formErrorsOf } from './form-errors.js';

const graphqlError = (extensions: Record<string, unknown>, message = 'x') => new CombinedGraphQLErrors({ errors: [{ message, extensions }] });

describe('formErrorsOf', () => {
  it('maps extensions.fields to per-field messages', () => {
    const e = formErrorsOf(
      graphqlError({ code: 'BAD_REQUEST', fields: { email: 'メールアドレスの形式が正しくありません。', 'input.name': 'お名前を入力してください。' } }),
    );
    expect(e.fields).toEqual({ email: 'メールアドレスの形式が正しくありません。', name: 'お名前を入力してください。' });
    expect(e.summary).toBe('入力内容をご確認ください。');
  });

  it('explains a rate limit and other failures', () => {
    expect(formErrorsOf(graphqlError({ code: 'BAD_REQUEST', reason: 'TOO_MANY_REQUESTS', retryAfter: 60 })).summary).toMatch(/しばらくしてから/);
    expect(formErrorsOf(new Error('network')).summary).toMatch(/送信できませんでした/);
  });
});
