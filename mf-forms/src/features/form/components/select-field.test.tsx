import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { errorElementOf } from '../../../testing/form-queries.js';
import { SelectField } from './select-field.js';

const PREFECTURES = [
  { code: 13, name: '東京都' },
  { code: 27, name: '大阪府' },
];

it('starts at 選択してください and lists the master with its codes as values', () => {
  render(<SelectField label="都道府県" required options={PREFECTURES} name="prefectureId" value="27" onChange={() => undefined} />);
  const select = screen.getByRole('combobox', { name: '都道府県 必須' }) as HTMLSelectElement;
  expect(select.name).toBe('prefectureId');
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => [(o as HTMLOptionElement).value, o.textContent]),
  ).toEqual([
    ['', '選択してください'],
    ['13', '東京都'],
    ['27', '大阪府'],
  ]);
  expect(select.value).toBe('27');
});

it('reports the chosen code', () => {
  const chosen = jest.fn<(value: string) => void>();
  render(
    <SelectField
      label="お問い合わせの種類"
      options={[{ code: 'app', name: 'スマートフォンアプリについて' }]}
      name="inquiryType"
      value=""
      onChange={(e) => chosen(e.target.value)}
    />,
  );

  fireEvent.change(screen.getByRole('combobox', { name: 'お問い合わせの種類 任意' }), { target: { value: 'app' } });

  expect(chosen.mock.calls).toEqual([['app']]);
});

it('has only the placeholder while the master loads, and shows the server message', () => {
  render(<SelectField label="業種" required error="業種を選択してください。" name="type" value="" onChange={() => undefined} />);
  const select = screen.getByRole('combobox', { name: '業種 必須' });
  expect(within(select).getAllByRole('option')).toHaveLength(1);
  expect(select.getAttribute('aria-invalid')).toBe('true');
  expect(errorElementOf(select)?.textContent).toBe('業種を選択してください。');
});
