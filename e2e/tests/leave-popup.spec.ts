import { ShellPage } from '../pages/shell-page.js';
import { expect, test } from '../support/fixtures.js';

test('a visitor from another site who presses back gets the お知らせ popup, and can stay', { tag: ['@shell', '@search'] }, async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.open('/tokyo', { referer: 'https://www.google.com/' });
  const url = page.url();
  await page.goBack();
  const popup = page.getByRole('dialog', { name: 'お知らせ' });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('button', { name: /離れる/ })).toBeVisible();
  // Closing keeps the visitor on the page (forward to the re-armed entry).
  await popup
    .getByRole('button', { name: /閉じる/ })
    .first()
    .click();
  await expect(popup).toBeHidden();
  expect(page.url()).toBe(url);
});

test('a visitor coming from inside the site gets no popup on back', { tag: ['@shell', '@search'] }, async ({ page, baseURL }) => {
  const shell = new ShellPage(page);
  await shell.open('/tokyo', { referer: `${baseURL}/` });
  await page.goBack().catch(() => undefined);
  await expect(page.getByRole('dialog', { name: 'お知らせ' })).toHaveCount(0);
});
