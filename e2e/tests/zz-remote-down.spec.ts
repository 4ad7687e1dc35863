import { ShellPage } from '../pages/shell-page.js';
import { startService, stopService, waitForHttp } from '../support/stack.js';
import { readState, saveState } from '../support/state.js';
import { expect, test } from '../support/fixtures.js';
import { isDeployment } from '../support/site.js';

// Runs last (file order, one worker): it stops a remote server, and starts it again afterwards.
test(
  'a remote whose server is stopped shows its error box while the header and other remotes work',
  { tag: ['@user', '@shell', '@search'] },
  async ({ page }) => {
    test.skip(isDeployment(), 'stops a remote server of the local stack');
    const state = readState();
    const userRemote = state.services.mf_user;
    if (!userRemote) throw new Error('mf_user is not in the stack');
    stopService(userRemote);
    try {
      await expect
        .poll(
          async () =>
            fetch(`http://127.0.0.1:${userRemote.port}/healthz`).then(
              () => 'up',
              () => 'down',
            ),
          { timeout: 10_000 },
        )
        .toBe('down');
      // Past the shell's manifest-check TTL (500 ms in the e2e stack).
      await page.waitForTimeout(800);

      const shell = new ShellPage(page);
      const res = await shell.open('/favorite');
      expect(res.status()).toBe(503);
      await expect(shell.remoteError).toBeVisible();
      await expect(shell.remoteError).toContainText('再読み込み');
      await expect(shell.header).toBeVisible();
      await expect(shell.footer).toBeVisible();

      // The header works: its free-word search goes to mf-search, which is up.
      await shell.searchFreeWord('渋谷');
      await expect(page.getByTestId('search-results')).toBeVisible();
    } finally {
      const restarted = startService({ ...userRemote });
      state.services.mf_user = restarted;
      saveState(state);
      await waitForHttp(`http://127.0.0.1:${userRemote.port}/healthz`, 30_000, 'mf_user');
    }
  },
);
