// Probe: opens every admin screen at 1440 px and lists table columns that are cut or squeezed (issue 28).
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { startServer } from './testServer.mjs';

const catalogue = JSON.parse(readFileSync(new URL('../../testdata/menu_catalogue.json', import.meta.url), 'utf8'));
const screens = [];
const walk = (items) => items.forEach((m) => { if (m.path && !m.unbuilt) screens.push(m); if (m.children) walk(m.children); });
walk(catalogue);
const { base, stop } = await startServer('biddesk-probe-');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: base, reducedMotion: 'reduce' });
// PROBE_LANG=en: the screens in English (their words are longer)
if (process.env.PROBE_LANG) await context.addInitScript((l) => localStorage.setItem('lang', l), process.env.PROBE_LANG);
const page = await context.newPage();
await page.goto('/login');
await page.getByTestId('login-code').fill('admin');
await page.getByTestId('login-password').fill('Admin@123');
await page.getByTestId('login-submit').click();
await page.waitForURL('**/gateway');
for (const s of screens.filter((x) => !process.env.ONLY || process.env.ONLY.split(',').includes(x.path))) {
  await page.goto(s.path);
  await page.waitForTimeout(1500);
  const found = await page.evaluate(() => {
    const out = [];
    for (const table of document.querySelectorAll('.ant-table-wrapper')) {
      if (!table.offsetParent) continue;
      for (const th of table.querySelectorAll('thead th')) {
        const title = th.textContent.trim();
        if (!title || th.classList.contains('ant-table-selection-column')) continue;
        let lines = 1;
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const r = document.createRange();
          r.selectNodeContents(n);
          lines = Math.max(lines, new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size);
        }
        if (lines > 1) out.push(`header "${title}" on ${lines} lines (${Math.round(th.getBoundingClientRect().width)}px)`);
      }
      for (const td of table.querySelectorAll('tbody tr.ant-table-row td')) {
        if (td.matches('.ant-table-cell-fix, .ant-table-selection-column')) continue; // a pinned cell's shadow counts in its scroll width
        if (td.scrollWidth > td.clientWidth + 1) out.push(`cell "${td.textContent.trim().slice(0, 30)}" cut [${td.className}] ${td.scrollWidth}>${td.clientWidth}`);
      }
      out.push('widths: ' + [...table.querySelectorAll('thead th')].map((th) => `${th.textContent.trim() || '·'}=${Math.round(th.getBoundingClientRect().width)}`).join(' '));
      const content = table.querySelector('.ant-table-content, .ant-table-body');
      if (content && content.scrollWidth > content.clientWidth + 1) out.push(`scrolls sideways ${content.scrollWidth} > ${content.clientWidth}`);
    }
    return out;
  });
  if (found.length) console.log(`${s.path}: ${[...new Set(found)].filter((f) => process.env.ONLY || !f.startsWith('widths')).slice(0, 8).join(' | ')}`);
}
await browser.close();
await stop();
