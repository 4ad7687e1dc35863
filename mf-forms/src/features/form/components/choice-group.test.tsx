import { jest } from '@jest/globals';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { errorElementOf } from '../../../testing/form-queries.js';
import { useState } from 'react';
import { CheckboxGroup, RadioGroup } from './choice-group.js';

const KINDS = [
  { code: 1, name: 'おとり広告の疑い（成約済み・実在しない物件）', description: '問い合わせると「すでに決まった」と言われた など' },
  { code: 8, name: 'その他', description: '上記にあてはまらない掲載内容の問題' },
];
const REQUESTS = [
  { code: 'viewing', name: '内見したい' },
  { code: 'initial_cost', name: '初期費用を知りたい' },
  { code: 'vacancy', name: '空室状況を知りたい' },
];

const describedBy = (el: HTMLElement) => errorElementOf(el)?.textContent;

describe('RadioGroup', () => {
  function Kinds({ onValue, error }: { onValue: (v: string) => void; error?: string }) {
    const [value, setValue] = useState('');
    return (
      <RadioGroup
        label="違反の種類"
        required
        error={error}
        name="violateKindId"
        options={KINDS}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    );
  }

  it('is a radiogroup named by its label, each choice with its description', () => {
    render(<Kinds onValue={() => undefined} />);
    const group = screen.getByRole('radiogroup', { name: '違反の種類 必須' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.name, r.value, r.checked])).toEqual([
      ['violateKindId', '1', false],
      ['violateKindId', '8', false],
    ]);
    expect(within(group).getByText('上記にあてはまらない掲載内容の問題').className).toBe('f-hint');
    expect(group.getAttribute('aria-invalid')).toBe('false');
  });

  it('reports the chosen code as a string and checks it', () => {
    const onValue = jest.fn<(v: string) => void>();
    render(<Kinds onValue={onValue} />);

    fireEvent.click(screen.getByRole('radio', { name: /^その他/ }));

    expect(onValue).toHaveBeenCalledWith('8');
    expect((screen.getByRole('radio', { name: /^その他/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^おとり広告/ }) as HTMLInputElement).checked).toBe(false);
  });

  it('is described by the server message', () => {
    render(<Kinds onValue={() => undefined} error="違反の種類を選択してください。" />);
    const group = screen.getByRole('radiogroup', { name: '違反の種類 必須' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(group)).toBe('違反の種類を選択してください。');
  });
});

describe('CheckboxGroup', () => {
  function Requests({ onValue, error }: { onValue: (v: string[]) => void; error?: string }) {
    const [value, setValue] = useState<string[]>([]);
    return (
      <CheckboxGroup
        label="ご質問・ご要望"
        error={error}
        options={REQUESTS}
        value={value}
        onChange={(v) => {
          setValue(v);
          onValue(v);
        }}
      />
    );
  }

  it('is a group named by its label; ticking adds codes in order, unticking removes them', () => {
    const onValue = jest.fn<(v: string[]) => void>();
    render(<Requests onValue={onValue} />);
    const group = screen.getByRole('group', { name: 'ご質問・ご要望 任意' });

    fireEvent.click(within(group).getByRole('checkbox', { name: '空室状況を知りたい' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: '内見したい' }));
    fireEvent.click(within(group).getByRole('checkbox', { name: '空室状況を知りたい' }));

    expect(onValue.mock.calls.map(([v]) => v)).toEqual([['vacancy'], ['vacancy', 'viewing'], ['viewing']]);
    expect((within(group).getAllByRole('checkbox') as HTMLInputElement[]).map((c) => c.checked)).toEqual([true, false, false]);
  });

  it('is described by the server message', () => {
    render(<Requests onValue={() => undefined} error="ご質問・ご要望の選択肢が正しくありません。" />);
    const group = screen.getByRole('group', { name: 'ご質問・ご要望 任意' });
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(group)).toBe('ご質問・ご要望の選択肢が正しくありません。');
  });
});
