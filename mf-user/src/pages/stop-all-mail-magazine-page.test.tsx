import { jest } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { UserStopAllMailMagazineMutation } from '../__generated__/operations.js';
import { STOP_ALL_MAIL_MAGAZINE } from '../features/mail/index.js';
import { renderPage } from '@sumika/shell-kit/testing';
import StopAllMailMagazinePage from './stop-all-mail-magazine-page.js';

afterEach(cleanup);

const answer = (stopped: boolean): { data: UserStopAllMailMagazineMutation } => ({
  data: { stopAllMailMagazine: { __typename: 'StopAllMailMagazinePayload', stopped } },
});
const stopButton = () => screen.getByRole('button', { name: '配信を停止する' });

it('explains what stops and stops every mail with the token of the link', async () => {
  const stop = jest.fn((_variables: Record<string, unknown>) => answer(true));
  const { setMeta } = renderPage(StopAllMailMagazinePage, {
    path: '/stop_all_mail_magazine',
    search: '?token=t0ken',
    mocks: [{ request: { query: STOP_ALL_MAIL_MAGAZINE, variables: { token: 't0ken' } }, result: stop }],
  });
  expect(screen.getByText('すみかからのお知らせメール（新着物件・値下げ情報など）の配信をすべて停止します。')).toBeTruthy();
  expect(setMeta).toHaveBeenCalledWith(expect.objectContaining({ title: 'メール配信の停止｜すみか', robots: 'noindex, nofollow' }));

  fireEvent.click(stopButton());
  expect((await screen.findByTestId('mail-stopped')).textContent).toBe('すべてのメール配信を停止しました。');
  expect(stop).toHaveBeenCalledWith({ token: 't0ken' });
  expect(screen.queryByRole('button', { name: '配信を停止する' })).toBeNull();
});

it('says there was nothing to stop, sending no token without one in the link', async () => {
  const stop = jest.fn((_variables: Record<string, unknown>) => answer(false));
  renderPage(StopAllMailMagazinePage, {
    path: '/stop_all_mail_magazine',
    mocks: [{ request: { query: STOP_ALL_MAIL_MAGAZINE, variables: { token: null } }, result: stop }],
  });
  fireEvent.click(stopButton());
  expect((await screen.findByTestId('mail-stopped')).textContent).toBe('停止するメール配信は見つかりませんでした。');
  expect(stop).toHaveBeenCalledWith({ token: null });
});

it('shows the error and keeps the button when the mails could not be stopped', async () => {
  renderPage(StopAllMailMagazinePage, {
    path: '/stop_all_mail_magazine',
    search: '?token=t0ken',
    mocks: [{ request: { query: STOP_ALL_MAIL_MAGAZINE, variables: { token: 't0ken' } }, error: new Error('network down') }],
  });
  fireEvent.click(stopButton());
  expect(await screen.findByText('エラーのため停止できませんでした。時間をおいて再度お試しください。')).toBeTruthy();
  expect(screen.queryByTestId('mail-stopped')).toBeNull();
  expect(stopButton()).toBeTruthy();
});
