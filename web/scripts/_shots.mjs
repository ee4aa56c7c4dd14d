import { chromium } from 'playwright-core';
import { startServer } from './testServer.mjs';
const { base, stop } = await startServer('biddesk-shots-');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
async function session(login, pw, width, height, lang = 'zh-CN') {
  const ctx = await browser.newContext({ viewport: { width, height }, baseURL: base, locale: lang, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto('/login');
  if (lang === 'en') await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.getByTestId('login-code').fill(login);
  await page.getByTestId('login-password').fill(pw);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/gateway');
  return page;
}
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const page = await session(s.login ?? 'admin', s.pw ?? 'Admin@123', s.w ?? 1440, s.h ?? 900, s.lang);
  await page.goto(s.path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${s.name}.png`, fullPage: !!s.full });
  await page.context().close();
}
await browser.close(); await stop();
