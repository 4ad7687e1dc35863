import { jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { errorElementOf } from '../../../testing/form-queries.js';
import { CheckboxField } from './checkbox-field.js';

it('is one box named by its row and its statement, reporting ticked or not', () => {
  const onChange = jest.fn<(checked: boolean) => void>();
  const { rerender } = render(<CheckboxField label="宅地建物取引業免許" required text="免許を保有している" checked={false} onChange={onChange} />);
  const box = screen.getByRole('checkbox', { name: '宅地建物取引業免許 必須 免許を保有している' }) as HTMLInputElement;
  expect(box.checked).toBe(false);

  fireEvent.click(box);
  expect(onChange).toHaveBeenLastCalledWith(true);
  rerender(<CheckboxField label="宅地建物取引業免許" required text="免許を保有している" checked onChange={onChange} />);
  expect(box.checked).toBe(true);
  fireEvent.click(box);
  expect(onChange).toHaveBeenLastCalledWith(false);
});

it('is described by the server message', () => {
  render(
    <CheckboxField
      label="宅地建物取引業免許"
      required
      text="免許を保有している"
      error="宅地建物取引業免許を選択してください。"
      checked={false}
      onChange={() => undefined}
    />,
  );
  const box = screen.getByRole('checkbox');
  expect(box.getAttribute('aria-invalid')).toBe('true');
  expect(errorElementOf(box)?.textContent).toBe('宅地建物取引業免許を選択してください。');
});
