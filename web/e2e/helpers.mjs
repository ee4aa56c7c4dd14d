// Shared helpers of the end-to-end specs: a headless Debian Chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = process.env.BASE_URL;
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output');

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export async function newPage(browser, { width = 1440, height = 900, lang = 'zh-CN' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale: lang, baseURL: BASE });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.errors = errors;
  return page;
}

export async function shot(page, name) {
  // Let lazy pages and transitions settle so the picture shows what a person sees.
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
}

export async function login(page, code, password, path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Runs the biddesk CLI against the e2e server's data folder (SQLite allows a second process). */
export function cli(...args) {
  return execFileSync(process.env.BIDDESK_BIN, [...args, '--data', process.env.BIDDESK_DATA], { encoding: 'utf8' });
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}
