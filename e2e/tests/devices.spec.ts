import { ShellPage } from '../pages/shell-page.js';
import { APP_UA, expect, IPHONE_UA, PC_UA, test } from '../support/fixtures.js';

test.describe('PC user agent', () => {
  test.use({ userAgent: PC_UA, viewport: { width: 1280, height: 900 } });
  test('gets the PC layout and the fixed 1100 px viewport', { tag: ['@shell', '@search'] }, async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/search/tokyo/city/13113');
    await shell.expectView('pc');
    expect(await shell.viewport()).toBe('width=1100');
    await expect(page.locator('header.sk-header--pc')).toBeVisible();
  });
});

test.describe('mobile user agent', () => {
  test.use({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('gets the mobile layout and a device-width viewport', { tag: ['@shell', '@search'] }, async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/search/tokyo/city/13113');
    await shell.expectView('sp');
    expect(await shell.viewport()).toContain('width=device-width');
    await expect(page.locator('header.sk-header--sp')).toBeVisible();
    await expect(page.getByTestId('bukken-card').first()).toBeVisible();
  });
});

test.describe('app web view', () => {
  test.use({ userAgent: APP_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('gets the app layout: no site chrome, the phone layout of the page, nothing wider than the screen', { tag: ['@shell', '@search'] }, async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.open('/search/tokyo/city/13113');
    await shell.expectView('app');
    await expect(page.locator('header.sk-header--pc, header.sk-header--sp, footer')).toHaveCount(0);
    const card = page.getByTestId('bukken-card').first();
    await expect(card).toBeVisible();
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
