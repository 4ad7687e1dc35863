import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { errorElementOf } from '../../../testing/form-queries.js';
import { TextArea } from './text-area.js';

it('is a labelled textarea with its limit that reports what is typed', () => {
  const typed = jest.fn<(value: string) => void>();
  render(
    <TextArea
      label="お問い合わせ内容"
      required
      hint="2,000文字以内"
      maxLength={2000}
      name="inquiryContent"
      value="途中まで"
      onChange={(e) => typed(e.target.value)}
    />,
  );
  const textarea = screen.getByRole('textbox', { name: 'お問い合わせ内容 必須' }) as HTMLTextAreaElement;
  expect(textarea.tagName).toBe('TEXTAREA');
  expect([textarea.name, textarea.maxLength, textarea.value]).toEqual(['inquiryContent', 2000, '途中まで']);
  expect(textarea.getAttribute('aria-invalid')).toBe('false');

  fireEvent.change(textarea, { target: { value: '途中まで書きました。\n二行目' } });

  expect(typed.mock.calls).toEqual([['途中まで書きました。\n二行目']]);
});

it('has no limit unless given one, and shows the server message', () => {
  render(<TextArea label="備考" error="備考に使用できない文字が含まれています。" name="freeText" value="" onChange={() => undefined} />);
  const textarea = screen.getByRole('textbox', { name: '備考 任意' }) as HTMLTextAreaElement;
  expect(textarea.hasAttribute('maxlength')).toBe(false);
  expect(textarea.getAttribute('aria-invalid')).toBe('true');
  expect(errorElementOf(textarea)?.textContent).toBe('備考に使用できない文字が含まれています。');
});
