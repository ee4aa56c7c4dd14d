// The colour theme (issue 34): dark chosen from the header's user menu shows at once, survives a reload, a sign-out
// and a sign-in, and follows the account into a browser that never saw it; the screens in both schemes are
// photographed for a person to look at (test-output/theme-*.png).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, waitPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const scheme = (page) => page.evaluate(() => document.documentElement.dataset.theme);
const background = (page, selector) => page.evaluate((s) => getComputedStyle(document.querySelector(s)).backgroundColor, selector);
// a dark colour: each channel at most 0x40
const isDark = (rgb) => (rgb.match(/\d+/g) ?? []).slice(0, 3).every((c) => Number(c) <= 64);

async function chooseTheme(page, mode) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').hover();
  await page.getByTestId(`menu-theme-${mode}`).click();
}

async function signOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-logout').click();
  await waitPath(page, '/login');
}

test('dark chosen from the user menu is kept for the account', async () => {
  const page = await newPage(browser);
  await login(page, 'staff', 'Staff@123');
  await waitPath(page, '/gateway');
  await page.getByTestId('user-menu').waitFor();
  assert.equal(await scheme(page), 'light', 'an account that never chose follows the system (light here)');

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/sys/user/theme') && r.request().method() === 'PUT');
  await chooseTheme(page, 'dark');
  assert.equal((await (await saved).json()).code, 0, 'the choice is saved for the account');
  assert.equal(await scheme(page), 'dark');
  assert.ok(isDark(await background(page, '.bd-header')), 'the header turned dark');
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-theme').hover();
  assert.equal(await page.getByTestId('menu-theme-dark').getAttribute('aria-current'), 'true', 'the menu marks the choice');
  await page.keyboard.press('Escape');

  // a reload is dark from the first paint (public/theme-init.js)
  await page.reload();
  assert.equal(await scheme(page), 'dark');
  await page.getByTestId('user-menu').waitFor();
  assert.ok(isDark(await background(page, 'body')), 'the page is dark after a reload');

  // signed out: the sign-in page keeps the dark scheme; signed in again: still dark
  await signOut(page);
  assert.equal(await scheme(page), 'dark');
  assert.ok(isDark(await background(page, 'body')), 'the sign-in page is dark');
  await login(page, 'staff', 'Staff@123');
  await waitPath(page, '/gateway');
  await page.getByTestId('user-menu').waitFor();
  assert.equal(await scheme(page), 'dark', 'dark after signing out and in');
  assert.equal(page.errors.length, 0, page.errors.join('\n'));

  // another browser (nothing stored): light until the sign-in answers with the account's dark
  const other = await newPage(browser);
  await other.goto('/login');
  assert.equal(await scheme(other), 'light');
  await login(other, 'staff', 'Staff@123');
  await waitPath(other, '/gateway');
  await other.getByTestId('user-menu').waitFor();
  assert.equal(await scheme(other), 'dark', 'the account\'s theme follows it into a new browser');
  assert.ok(isDark(await background(other, '.bd-header')));

  // back to the system's setting
  await chooseTheme(other, 'system');
  assert.equal(await scheme(other), 'light');
  await other.context().close();
  await page.context().close();
});

test('the screens in the light and the dark scheme', async () => {
  const page = await newPage(browser);
  for (const mode of ['light', 'dark']) {
    await page.goto('/login');
    await page.evaluate((m) => localStorage.setItem('bd-theme', m), mode);
    await page.reload();
    await page.getByTestId('login-code').waitFor();
    await shot(page, `theme-${mode}-login`);
    await login(page, 'admin', 'Admin@123');
    await waitPath(page, '/gateway');
    await page.getByTestId('user-menu').waitFor();
    await chooseTheme(page, mode);
    await page.keyboard.press('Escape');
    assert.equal(await scheme(page), mode);
    await shot(page, `theme-${mode}-portal`);
    await page.goto('/sysuser');
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, `theme-${mode}-sysuser`);
    await page.goto('/personnel_login');
    await page.getByTestId('stat-svg-trend').locator('svg').waitFor();
    await shot(page, `theme-${mode}-stats`);
    await page.goto('/expert_talents2_license');
    await page.locator('.ant-table-row').first().waitFor();
    await shot(page, `theme-${mode}-library`);
    await page.goto('/gatewaySearch');
    await page.waitForLoadState('networkidle');
    await shot(page, `theme-${mode}-portal-search`);
    if (mode === 'dark') {
      // more of the screens in the dark: the menu with the choice, messages, courses, the admin's home and portal editor
      await page.getByTestId('user-menu').click();
      await page.getByTestId('menu-theme').hover();
      await page.getByTestId('menu-theme-dark').waitFor();
      await page.screenshot({ path: new URL('../test-output/theme-dark-menu.png', import.meta.url).pathname });
      await page.keyboard.press('Escape');
      for (const [path, name] of [['/gatewayMsg', 'messages'], ['/gatewayCourse', 'courses'], ['/welcome', 'welcome'], ['/gatewaymanager', 'gatewaymanager'], ['/business_log', 'business-log']]) {
        await page.goto(path);
        await page.getByTestId('user-menu').waitFor();
        await shot(page, `theme-dark-${name}`);
      }
      // and in English
      await page.goto('/gateway');
      await page.getByTestId('lang-switch').click();
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await shot(page, 'theme-dark-portal-en');
      await page.getByTestId('lang-switch').click();
      await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    }
    await signOut(page);
  }
  assert.equal(page.errors.length, 0, page.errors.join('\n'));
});
