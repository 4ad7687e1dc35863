import { z } from 'zod';
import { INQUIRY_TYPES, VIOLATION_KINDS } from '../domain/masters.js';
import {
  choice,
  email,
  intChoice,
  integerInRange,
  isJapanesePhone,
  isoDate,
  kana,
  MESSAGES,
  multiChoice,
  optionalPhone,
  optionalText,
  optionalUrl,
  phone,
  postalCode,
  prefectureId,
  requiredBoolean,
  requiredText,
  requiredUrl,
} from './fields.js';
import { fieldErrors, validate } from './validate.js';

/** The field's message for `value`, or undefined when valid. */
function messageFor(schema: z.ZodType, value: unknown): string | undefined {
  const r = z.object({ f: schema }).safeParse({ f: value });
  return r.success ? undefined : fieldErrors(r.error).f;
}
const parsed = (schema: z.ZodType, value: unknown): unknown => z.object({ f: schema }).parse({ f: value }).f;

describe('phone numbers', () => {
  it.each([
    '03-1234-5678',
    '0312345678',
    '06-6123-4567',
    '045-123-4567',
    '0465-12-3456',
    '01267-2-3456',
    '011-123-4567',
    '090-1234-5678',
    '09012345678',
    '080-1234-5678',
    '070-1234-5678',
    '050-1234-5678',
    '090-12345678',
    '0120-123-456',
    '0120123456',
    '0800-123-4567',
    '0570-123-456',
  ])('accepts %s', (n) => {
    expect(isJapanesePhone(n)).toBe(true);
    expect(messageFor(phone(), n)).toBeUndefined();
  });

  it.each([
    '1234-5678',
    '03-1234-567',
    '03-1234-56789',
    '090-1234-567',
    '090-1234-56789',
    '0901234567',
    '031234567',
    '031234567890',
    '0120-123-4567',
    '0800-123-456',
    '020-1234-5678',
    '060-1234-5678',
    '03-1234-abcd',
    '+81-90-1234-5678',
    '03--1234-5678',
    '03 1234 5678',
    '(03)1234-5678',
    '03-1234-5678-9',
    'でんわ',
  ])('rejects %s with the Japanese message', (n) => {
    expect(messageFor(phone(), n)).toBe(MESSAGES.phone);
  });

  it('normalises full-width digits and hyphen look-alikes', () => {
    expect(parsed(phone(), '０３－１２３４－５６７８')).toBe('03-1234-5678');
    expect(parsed(phone(), '090ー1234ー5678')).toBe('090-1234-5678');
    expect(parsed(phone(), ' 090−1234−5678 ')).toBe('090-1234-5678');
  });

  it('is required unless optional', () => {
    expect(messageFor(phone(), '')).toBe('電話番号を入力してください。');
    expect(messageFor(phone(), null)).toBe('電話番号を入力してください。');
    expect(messageFor(optionalPhone(), null)).toBeUndefined();
    expect(messageFor(optionalPhone(), '  ')).toBeUndefined();
    expect(messageFor(optionalPhone(), '12345')).toBe(MESSAGES.phone);
  });
});

describe('e-mail addresses', () => {
  it.each(['taro@example.jp', 'taro.yamada+rent@mail.example.co.jp', 'taro..yamada.@docomo.ne.jp', 'a_b-c@sub-domain.example.com', "o'brien@example.ie"])(
    'accepts %s',
    (v) => expect(messageFor(email(), v)).toBeUndefined(),
  );

  it.each([
    'taro',
    'taro@',
    '@example.jp',
    'taro@example',
    'taro@@example.jp',
    'taro@exa mple.jp',
    'taro@-example.jp',
    'taro@example.j',
    '山田@example.jp',
    'taro@example.jp\nBcc: spam@example.jp',
  ])('rejects %j', (v) => expect(messageFor(email(), v)).toBe(MESSAGES.email));

  it('normalises full-width input and reports missing and too long', () => {
    expect(parsed(email(), ' ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ ')).toBe('taro@example.jp');
    expect(messageFor(email(), null)).toBe('メールアドレスを入力してください。');
    expect(messageFor(email(), `${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.jp`)).toBe(
      'メールアドレスは254文字以内で入力してください。',
    );
    expect(messageFor(email(), `${'a'.repeat(65)}@example.jp`)).toBe(MESSAGES.email);
  });
});

describe('text', () => {
  const name = requiredText('お名前', { max: 5 });
  const body = requiredText('内容', { max: 10, multiline: true });

  it('trims, counts characters (an emoji is one) and reports the length limit', () => {
    expect(parsed(name, '  山田 太郎  ')).toBe('山田 太郎');
    expect(messageFor(name, '😀😀😀😀😀')).toBeUndefined();
    expect(messageFor(name, '山田山田山田')).toBe('お名前は5文字以内で入力してください。');
  });

  it('reports a missing value as required', () => {
    for (const v of [undefined, null, '', '   ', '\n']) expect(messageFor(name, v)).toBe('お名前を入力してください。');
    expect(messageFor(name, 42)).toBe('お名前の形式が正しくありません。');
  });

  it('refuses control characters, NUL and lone surrogates; keeps line breaks in multi-line text', () => {
    expect(messageFor(name, '山田\n太郎')).toBe('お名前に使用できない文字が含まれています。');
    expect(messageFor(body, '一行目\n二行目')).toBeUndefined();
    expect(messageFor(body, '一行目\r\n\t二')).toBeUndefined();
    expect(messageFor(body, 'a\u0000b')).toBe('内容に使用できない文字が含まれています。');
    expect(messageFor(body, 'a\u001Bb')).toBe('内容に使用できない文字が含まれています。');
    expect(messageFor(body, 'a\uD800b')).toBe('内容に使用できない文字が含まれています。');
    expect(messageFor(body, 'a\uDC00')).toBe('内容に使用できない文字が含まれています。');
  });

  it('keeps HTML verbatim', () => {
    const v = '<script>alert(1)</script>';
    expect(parsed(requiredText('内容', { max: 100 }), v)).toBe(v);
  });

  it('optional text is absent when blank', () => {
    expect(parsed(optionalText('役職', { max: 5 }), '  ')).toBeUndefined();
    expect(parsed(optionalText('役職', { max: 5 }), null)).toBeUndefined();
    expect(messageFor(optionalText('役職', { max: 2 }), '部長代理')).toBe('役職は2文字以内で入力してください。');
  });
});

describe('URLs', () => {
  it.each(['https://sumika.example/bukken/detail/bk000000123', 'http://www.example.co.jp/?a=1&b=2#x', 'https://例え.jp/'])('accepts %s', (v) =>
    expect(messageFor(requiredUrl('URL'), v)).toBeUndefined(),
  );
  it.each([
    'javascript:alert(1)',
    'ftp://example.jp/',
    'example.jp',
    'https://localhost/',
    'https://exa mple.jp/',
    'data:text/html,<script>alert(1)</script>',
    'https://example.',
  ])('rejects %s', (v) => expect(messageFor(requiredUrl('URL'), v)).toBe(MESSAGES.url));
  it('reports missing, too long, and allows absent optional URLs', () => {
    expect(messageFor(requiredUrl('違反のある掲載ページのURL'), '')).toBe('違反のある掲載ページのURLを入力してください。');
    expect(messageFor(requiredUrl('URL', 30), `https://example.jp/${'a'.repeat(20)}`)).toBe('URLは30文字以内で入力してください。');
    expect(messageFor(optionalUrl('ホームページURL'), null)).toBeUndefined();
  });
});

describe('kana', () => {
  it('accepts katakana and converts hiragana and half-width katakana', () => {
    expect(parsed(kana('フリガナ'), 'ヤマダ　タロウ')).toBe('ヤマダ タロウ');
    expect(parsed(kana('フリガナ'), 'やまだ たろう')).toBe('ヤマダ タロウ');
    expect(parsed(kana('フリガナ'), 'ﾔﾏﾀﾞ ﾀﾛｳ')).toBe('ヤマダ タロウ');
    expect(parsed(kana('フリガナ'), 'ヴィラ・ルーチェ')).toBe('ヴィラ・ルーチェ');
  });
  it.each(['山田 太郎', 'Yamada', 'ヤマダ1'])('rejects %s', (v) => expect(messageFor(kana('フリガナ'), v)).toBe('フリガナは全角カタカナで入力してください。'));
  it('is required', () => expect(messageFor(kana('フリガナ'), null)).toBe('フリガナを入力してください。'));
});

describe('choices from the master lists', () => {
  it('accepts codes and names the field when missing or unknown', () => {
    expect(messageFor(choice('お問い合わせ種別', INQUIRY_TYPES), 'bukken')).toBeUndefined();
    expect(messageFor(choice('お問い合わせ種別', INQUIRY_TYPES), null)).toBe('お問い合わせ種別を選択してください。');
    expect(messageFor(choice('お問い合わせ種別', INQUIRY_TYPES), 'hack')).toBe('お問い合わせ種別の選択肢が正しくありません。');
    expect(messageFor(intChoice('違反の種類', VIOLATION_KINDS), 3)).toBeUndefined();
    expect(messageFor(intChoice('違反の種類', VIOLATION_KINDS), null)).toBe('違反の種類を選択してください。');
    expect(messageFor(intChoice('違反の種類', VIOLATION_KINDS), 99)).toBe('違反の種類の選択肢が正しくありません。');
  });

  it('multi-choice drops duplicates, keeps master order, rejects unknown codes', () => {
    expect(parsed(multiChoice('ご要望', INQUIRY_TYPES), ['other', 'usage', 'other'])).toEqual(['usage', 'other']);
    expect(parsed(multiChoice('ご要望', INQUIRY_TYPES), null)).toEqual([]);
    expect(messageFor(multiChoice('ご要望', INQUIRY_TYPES), ['usage', 'nope'])).toBe('ご要望の選択肢が正しくありません。');
  });

  it('booleans must be chosen', () => {
    expect(messageFor(requiredBoolean('宅地建物取引業免許の有無'), false)).toBeUndefined();
    expect(messageFor(requiredBoolean('宅地建物取引業免許の有無'), null)).toBe('宅地建物取引業免許の有無を選択してください。');
  });
});

describe('prefectures, postal codes, dates, amounts', () => {
  it('prefectureId is 1–47', () => {
    for (const ok of [1, 13, 47]) expect(messageFor(prefectureId(), ok)).toBeUndefined();
    for (const bad of [0, 48, -1, 1.5, null, undefined]) expect(messageFor(prefectureId(), bad)).toBe(MESSAGES.prefecture);
  });

  it('postal codes with or without a hyphen, full-width too', () => {
    expect(parsed(postalCode(), '1500002')).toBe('150-0002');
    expect(parsed(postalCode(), '１５０－０００２')).toBe('150-0002');
    for (const bad of ['150-002', '15000021', 'abc-defg']) expect(messageFor(postalCode(), bad)).toBe(MESSAGES.postalCode);
    expect(messageFor(postalCode(), null)).toBe('郵便番号を入力してください。');
  });

  it('dates must exist on the calendar', () => {
    expect(parsed(isoDate('ご契約日'), '2024/02/29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-1', '令和6年1月1日']) expect(messageFor(isoDate('ご契約日'), bad)).toBe(MESSAGES.date('ご契約日'));
    expect(messageFor(isoDate('ご契約日'), '')).toBe('ご契約日を入力してください。');
  });

  it('integer ranges say the range with separators', () => {
    const rent = integerInRange('月額賃料', 1_000, 9_999_999, '円');
    expect(messageFor(rent, 85_000)).toBeUndefined();
    expect(messageFor(rent, 999)).toBe('月額賃料は1,000〜9,999,999円の範囲で入力してください。');
    expect(messageFor(rent, null)).toBe('月額賃料を入力してください。');
  });
});

describe('validate', () => {
  it('throws BAD_REQUEST with a summary and one message per field', () => {
    const schema = z.object({ name: requiredText('お名前', { max: 5 }), email: email() });
    expect(validate(schema, { name: '太郎', email: 'a@b.jp' })).toEqual({ name: '太郎', email: 'a@b.jp' });
    try {
      validate(schema, { name: '', email: 'x' });
      throw new Error('expected a failure');
    } catch (err) {
      const e = err as { message: string; extensions: Record<string, unknown> };
      expect(e.message).toBe(MESSAGES.summary);
      expect(e.extensions).toEqual({ code: 'BAD_REQUEST', fields: { name: 'お名前を入力してください。', email: MESSAGES.email } });
    }
  });
});
