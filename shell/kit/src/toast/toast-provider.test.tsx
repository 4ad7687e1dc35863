import { jest } from '@jest/globals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastApi } from './toast-provider.js';

let api: ToastApi;
function Grab() {
  api = useToast();
  return null;
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const phaseOf = (text: string) => screen.getByText(text).closest('.sk-toast')?.getAttribute('data-phase');

it('renders toasts at the top through their phases', () => {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  act(() => {
    api.show({ message: 'お気に入り物件に追加しました' });
  });
  expect(phaseOf('お気に入り物件に追加しました')).toBe('entering');
  act(() => void jest.advanceTimersByTime(100));
  expect(phaseOf('お気に入り物件に追加しました')).toBe('visible');
  act(() => void jest.advanceTimersByTime(1900));
  expect(phaseOf('お気に入り物件に追加しました')).toBe('leaving');
  act(() => void jest.advanceTimersByTime(300));
  expect(phaseOf('お気に入り物件に追加しました')).toBe('collapsing');
  act(() => void jest.advanceTimersByTime(600));
  expect(screen.queryByText('お気に入り物件に追加しました')).toBeNull();
});

it('the close button closes at once', () => {
  render(
    <ToastProvider>
      <Grab />
    </ToastProvider>,
  );
  act(() => {
    api.show({ message: '削除しました。', showCloseButton: true });
  });
  act(() => void jest.advanceTimersByTime(100));
  fireEvent.click(screen.getByRole('button', { name: '閉じる' }));
  expect(phaseOf('削除しました。')).toBe('leaving');
  act(() => void jest.advanceTimersByTime(900));
  expect(screen.queryByText('削除しました。')).toBeNull();
});

it('useToast outside a provider says what is missing', () => {
  const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  expect(() => render(<Grab />)).toThrow('ToastProvider');
  spy.mockRestore();
});
