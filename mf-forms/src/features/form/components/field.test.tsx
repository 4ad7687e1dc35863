import { errorElementOf } from '../../../testing/form-queries.js';
import { render, screen } from '@testing-library/react';
import { Field } from './field.js';

const describedBy = errorElementOf;

it('labels its control, marks it 必須 and describes it by the error message', () => {
  render(
    <Field label="お名前" required error="お名前を入力してください。" hint="50文字以内">
      {(control) => <input {...control} />}
    </Field>,
  );
  const input = screen.getByRole('textbox', { name: 'お名前 必須' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const error = describedBy(input);
  expect(error?.textContent).toBe('お名前を入力してください。');
  expect(error?.getAttribute('role')).toBe('alert');
  expect(error?.className).toBe('f-error');
  expect(screen.getByText('50文字以内').className).toBe('f-hint');
  // The hint is part of the description too, read before the error.
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ');
  expect(ids.map((i) => document.getElementById(i)?.textContent)).toEqual(['50文字以内', 'お名前を入力してください。']);
  expect(screen.getByText('必須').className).toBe('f-required');
});

it('marks an optional field 任意 and leaves a valid control undescribed', () => {
  render(<Field label="電話番号">{(control) => <input {...control} />}</Field>);
  const input = screen.getByRole('textbox', { name: '電話番号 任意' });
  expect(input.getAttribute('aria-invalid')).toBe('false');
  expect(input.hasAttribute('aria-describedby')).toBe(false);
  expect(screen.getByText('任意').className).toBe('f-optional');
  expect(screen.queryByTestId('field-error')).toBeNull();
});

it('names a group by aria-labelledby (a label for= would point at no input)', () => {
  const { container } = render(
    <Field label="違反の種類" required error="違反の種類を選択してください。" group>
      {(control) => (
        <div role="radiogroup" {...control}>
          <label>
            <input type="radio" name="kind" value="1" />
            その他
          </label>
        </div>
      )}
    </Field>,
  );
  const group = screen.getByRole('radiogroup', { name: '違反の種類 必須' });
  expect(group.getAttribute('aria-invalid')).toBe('true');
  expect(describedBy(group)?.textContent).toBe('違反の種類を選択してください。');
  expect(container.querySelector('label.f-label')?.hasAttribute('for')).toBe(false);
  expect(screen.getByRole('radio', { name: 'その他' })).not.toBeNull();
});

it('gives every row its own ids', () => {
  render(
    <>
      <Field label="姓" error="a">
        {(control) => <input {...control} />}
      </Field>
      <Field label="名" error="b">
        {(control) => <input {...control} />}
      </Field>
    </>,
  );
  const sei = screen.getByRole('textbox', { name: '姓 任意' });
  const mei = screen.getByRole('textbox', { name: '名 任意' });
  expect(sei.id).not.toBe(mei.id);
  expect(describedBy(sei)?.textContent).toBe('a');
  expect(describedBy(mei)?.textContent).toBe('b');
});
