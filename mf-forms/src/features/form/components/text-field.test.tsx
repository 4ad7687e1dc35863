import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { errorElementOf } from '../../../testing/form-queries.js';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field.js';

function Controlled(props: Omit<TextFieldProps, 'value' | 'onChange'> & { onValue?: (v: string) => void }) {
  const { onValue, ...rest } = props;
  const [value, setValue] = useState('');
  return (
    <TextField
      {...rest}
      value={value}
      onChange={(e) => {
        setValue(e.target.value);
        onValue?.(e.target.value);
      }}
    />
  );
}

it('is a labelled text input named for the form that reports what is typed', () => {
  const onValue = jest.fn<(v: string) => void>();
  render(<Controlled label="お名前" required name="name" autoComplete="name" onValue={onValue} />);
  const input = screen.getByRole('textbox', { name: 'お名前 必須' }) as HTMLInputElement;
  expect(input.type).toBe('text');
  expect(input.name).toBe('name');
  expect(input.getAttribute('autocomplete')).toBe('name');

  fireEvent.change(input, { target: { value: '山田 太郎' } });

  expect(onValue).toHaveBeenCalledWith('山田 太郎');
  expect(input.value).toBe('山田 太郎');
});

it('passes the input type and its attributes through', () => {
  render(
    <>
      <TextField label="掲載ページのURL" type="url" placeholder="https://" name="violateUrl" value="https://sumika.example/" onChange={() => undefined} />
      <TextField label="月額賃料（円）" type="number" min={0} name="rent" value="85000" onChange={() => undefined} />
      <TextField label="郵便番号" inputMode="numeric" placeholder="123-4567" name="postalCode" value="" onChange={() => undefined} />
    </>,
  );
  const url = screen.getByRole('textbox', { name: '掲載ページのURL 任意' }) as HTMLInputElement;
  expect([url.type, url.placeholder, url.value]).toEqual(['url', 'https://', 'https://sumika.example/']);
  const rent = screen.getByRole('spinbutton', { name: '月額賃料（円） 任意' }) as HTMLInputElement;
  expect([rent.min, rent.value]).toEqual(['0', '85000']);
  const postal = screen.getByRole('textbox', { name: '郵便番号 任意' }) as HTMLInputElement;
  expect([postal.type, postal.inputMode, postal.placeholder]).toEqual(['text', 'numeric', '123-4567']);
});

it('shows the server message under the input and points at it', () => {
  render(
    <TextField
      label="メールアドレス"
      required
      type="email"
      error="メールアドレスの形式が正しくありません。"
      hint="受付確認のメールをお送りします。"
      name="email"
      value="taro@"
      onChange={() => undefined}
    />,
  );
  const input = screen.getByRole('textbox', { name: 'メールアドレス 必須' });
  expect(input.getAttribute('aria-invalid')).toBe('true');
  expect(errorElementOf(input)?.textContent).toBe('メールアドレスの形式が正しくありません。');
  expect(screen.getByText('受付確認のメールをお送りします。').className).toBe('f-hint');
});
