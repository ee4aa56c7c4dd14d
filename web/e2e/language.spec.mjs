// Every screen of the menu catalogue, opened by the system administrator in zh-CN: no raw message key, no English
// sentence, no "undefined"/"NaN" where words belong, and no script error (issue 15). A screen not built yet is
// skipped as its route says. Failures name the screen and the offending text. Then the screens with a list again in
// English: no list cuts a column at 1440 px in either language (issue 28).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, newPage, login, waitPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const catalogue = JSON.parse(readFileSync(new URL('../../testdata/menu_catalogue.json', import.meta.url), 'utf8'));
const screens = []; // each with the codes of the menus above it (parents)
const walk = (items, parents) => items.forEach((m) => {
  if (m.path && !m.unbuilt) screens.push({ ...m, parents });
  if (m.children) walk(m.children, [...parents, m.code]);
});
walk(catalogue, []);

// A message key of the web's catalogue (list.dataList) shown as it is: its message is missing. Dotted words that
// are not keys (a login code such as xh.li) are data.
const KEYS = new Set([...readFileSync(new URL('../src/i18n/zh-CN.ts', import.meta.url), 'utf8').matchAll(/^\s*'([\w.]+)':/gm)].map((m) => m[1]));
const RAW_KEY = /\b[a-z][a-zA-Z0-9]*(\.[a-zA-Z0-9_]+){1,4}\b/g;
// An English phrase: three or more English words in a row (product names and codes are single words).
const ENGLISH = /\b[A-Za-z]{2,}(?:[ ,'-]+[A-Za-z]{2,}){2,}\b/g;
// Text that may legitimately look like the above: addresses, file names, e-mail, demo content in English.
const ALLOWED = [/@/, /^https?:/, /^\//, /^(www|api)\./, /BidDesk/, /ISO\s?9001/];
// A list of file suffixes (pdf, docx, jpg) is not English.
const SUFFIXES = new Set('pdf doc docx xls xlsx ppt pptx txt jpg jpeg png gif zip rar csv svg mp4'.split(' '));
const onlySuffixes = (m) => m.split(/[ ,'-]+/).every((w) => SUFFIXES.has(w.toLowerCase()));

async function visibleText(page) {
  return page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      // code is an identifier (a setting's key), not words
      if (!el || el.closest('script,style,noscript,code,[aria-hidden="true"]')) continue;
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      const text = n.textContent.trim();
      if (text) out.push(text);
    }
    for (const el of document.querySelectorAll('input[placeholder],textarea[placeholder]')) out.push(el.getAttribute('placeholder'));
    return out;
  });
}

/**
 * Table columns at 1440 px that cut their data: a header wrapped onto a second line, a cell whose text overflows, and
 * a table wider than its card (it scrolls sideways, its last columns cut at the card's edge or under the pinned
 * actions). Only a table marked as having truly more columns than fit (TableCard's `wide`, class bd-wide) may scroll,
 * and then its actions column must stay pinned.
 */
async function cutColumns(page) {
  return page.evaluate(() => {
    const out = [];
    for (const table of document.querySelectorAll('.ant-table-wrapper')) {
      if (!table.offsetParent) continue;
      const content = table.querySelector('.ant-table-content, .ant-table-body');
      if (content && content.scrollWidth > content.clientWidth + 1) {
        const box = content.getBoundingClientRect();
        // the columns that do not fit: past the card's right edge, or under the pinned columns on the right
        const pinnedLeft = Math.min(box.right, ...[...table.querySelectorAll('thead th.ant-table-cell-fix-right')].map((th) => th.getBoundingClientRect().left));
        const hidden = [...table.querySelectorAll('thead th')]
          .filter((th) => !th.matches('.ant-table-cell-fix-right, .ant-table-cell-fix-left, .ant-table-selection-column, .ant-table-cell-scrollbar'))
          .filter((th) => th.getBoundingClientRect().right > pinnedLeft + 1)
          .map((th) => th.textContent.trim() || '·');
        const actions = [...table.querySelectorAll('thead th:not(.ant-table-cell-scrollbar)')].at(-1);
        if (!table.classList.contains('bd-wide')) {
          out.push(`table scrolls sideways (${content.scrollWidth} > ${content.clientWidth} px), cut: ${hidden.join(', ')}`);
        } else if (actions && !actions.matches('.ant-table-cell-fix-right')) {
          out.push(`wide table scrolls sideways without its actions pinned (${actions.textContent.trim()})`);
        }
      }
      for (const th of table.querySelectorAll('thead th')) {
        const title = th.textContent.trim();
        if (!title || th.classList.contains('ant-table-selection-column')) continue;
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          if (n.parentElement?.closest('.bd-th')) continue; // a title of several words wraps between them (headerTitle)
          const r = document.createRange();
          r.selectNodeContents(n);
          if (new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size > 1) out.push(`header "${title}" wraps`);
        }
      }
      // a title that wraps between its words (headerTitle) with a word wider than its box runs into the next column
      for (const title of table.querySelectorAll('thead .bd-th')) {
        if (title.scrollWidth > title.clientWidth + 1) out.push(`header "${title.textContent.trim()}" is cut`);
      }
      for (const td of table.querySelectorAll('tbody tr.ant-table-row td')) {
        if (td.matches('.ant-table-cell-fix, .ant-table-selection-column')) continue; // a pinned cell's shadow counts in its scroll width
        if (td.scrollWidth > td.clientWidth + 1) out.push(`cell "${td.textContent.trim().slice(0, 30)}" is cut`);
      }
    }
    return [...new Set(out)];
  });
}

function problemsIn(texts) {
  const problems = [];
  for (const text of texts) {
    if (ALLOWED.some((re) => re.test(text))) continue;
    for (const m of text.match(RAW_KEY) ?? []) if (KEYS.has(m)) problems.push(`raw key "${m}" in "${text}"`);
    for (const m of text.match(ENGLISH) ?? []) if (!onlySuffixes(m)) problems.push(`English "${m}" in "${text}"`);
    if (/\b(undefined|NaN|null|\[object Object\])\b/.test(text)) problems.push(`"${text}"`);
  }
  return problems;
}

test('every admin screen speaks Chinese in zh-CN and cuts no column of its lists at 1440 px, in Chinese or English', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  // Each screen is opened as a person opens it, from the side menu of the running app (its section unfolded first):
  // the app boots once, not once per screen, and every section of the menu ends up unfolded, its labels checked too.
  // The screen is there once its menu item is the selected one (the router commits the new screen and the menu's
  // selection together), its lazy code's loading sign is gone and no request has been in flight for 500 ms (what
  // Playwright's 'networkidle' means, which applies to a page load only).
  let inFlight = 0;
  let lastActivity; // when a request last started or ended
  const settle = () => { inFlight--; lastActivity = Date.now(); };
  page.on('request', () => { inFlight++; lastActivity = Date.now(); });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  // the side menu (app/SideNav.tsx): a group is a button with aria-expanded, a screen a link, aria-current when open
  const menuEntry = (code) => page.getByTestId('side-menu').locator(`[data-nav-item][data-code="${code}"]`);
  await page.goto('/welcome');
  const found = [];
  const lists = []; // the screens that show a table, opened again in English below
  const open = async (screen) => {
    for (const code of screen.parents) {
      const title = menuEntry(code);
      if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    }
    lastActivity = Date.now();
    await menuEntry(screen.code).click();
    await waitPath(page, screen.path.split('?')[0]);
    await page.getByTestId('side-menu').locator(`[data-code="${screen.code}"][aria-current="page"]`).waitFor();
    await page.locator('.bd-page-loading').first().waitFor({ state: 'detached', timeout: 10000 });
    while (inFlight > 0 || Date.now() - lastActivity < 500) await page.waitForTimeout(100);
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  };
  for (const screen of screens) {
    await open(screen);
    if (await page.getByTestId('coming-soon').count()) continue; // not built yet
    const problems = [...problemsIn(await visibleText(page)), ...(await cutColumns(page))];
    for (const p of new Set(problems)) found.push(`${screen.path} (${screen.name}): ${p}`);
    if (await page.locator('.ant-table-wrapper').count()) lists.push(screen);
  }
  assert.deepEqual(found, [], found.join('\n'));

  // The same lists in English, whose words are longer (issue 28, 'English'): switched from the header as a person
  // does, then each screen with a table opened again from the side menu. Only the columns are checked: no table
  // scrolls sideways, no cell is cut, no one-word title wraps.
  await page.getByTestId('lang-switch').click();
  await page.locator('html[lang="en"]').waitFor({ state: 'attached' }); // the English catalogue is loaded and applied
  for (const screen of lists) {
    await open(screen);
    for (const p of await cutColumns(page)) found.push(`en ${screen.path} (${screen.name}): ${p}`);
  }
  assert.deepEqual(found, [], found.join('\n'));
  assert.deepEqual(page.errors, [], 'script errors');
});
