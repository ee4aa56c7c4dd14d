// The staff portal in a real browser (issue 6): the home page's sections, one search over every material type
// (highlights, facets, sort, everything in the URL so Back works), the detail drawer with an in-page PDF preview on a
// single-use ticket, the bid pack (add, remove, clear, download as zip), the messages (read on open, a link to the
// material, mark all read); at 1440 px and at a phone's 390 px without horizontal scrolling.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, login, shot, waitPath } from './helpers.mjs';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output');
/** A screenshot without waiting for the network to go quiet (the PDF viewer in the frame keeps it busy). */
async function still(page, name) {
  await page.waitForTimeout(1000);
  await page.screenshot({ path: join(outDir, `${name}.png`) });
}

let browser;
before(async () => { browser = await launch(); });
after(async () => { await browser?.close(); });

async function signIn(size) {
  const page = await newPage(browser, size);
  await login(page, 'staff', 'Staff@123');
  await waitPath(page, '/gateway');
  return page;
}

const query = (page) => new URL(page.url()).searchParams;
const noSideScroll = async (page) =>
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `horizontal scroll on ${page.url()}`);

test('home, search with facets in the URL, the record drawer with a PDF preview, the bid pack', async () => {
  const page = await signIn();
  for (const id of ['home-banners', 'home-search', 'home-counts', 'home-announcements', 'home-messages', 'home-recent', 'home-popular', 'home-links']) {
    await page.getByTestId(id).waitFor();
  }
  await shot(page, 'portal-home-1440');

  // Enter searches from the home page's box
  const box = page.getByTestId('home-search-box').locator('input');
  await box.fill('物业');
  await box.press('Enter');
  await waitPath(page, '/gatewaySearch');
  assert.equal(query(page).get('keywords'), '物业');
  await page.getByTestId('hits').waitFor();
  assert.ok((await page.getByTestId('result-item').count()) > 1);
  assert.ok((await page.locator('[data-testid="hits"] mark').filter({ hasText: '物业' }).count()) > 0);
  await shot(page, 'portal-search-1440');

  // a facet, the sort, a chip; Back restores the filter
  await page.getByTestId('facet-type-license').click();
  await page.waitForURL((u) => new URL(u).searchParams.get('type') === 'license');
  await page.locator('[data-testid="hits"] [data-type="tender"]').first().waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('facet-type-license').getAttribute('aria-pressed'), 'true');
  await page.getByTestId('search-sort').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '下载最多' }).click();
  await page.waitForURL((u) => new URL(u).searchParams.get('sort') === 'downloads');
  await page.getByTestId('chip-type-license').locator('.ant-tag-close-icon').click();
  await page.waitForURL((u) => !new URL(u).searchParams.has('type'));
  await page.goBack();
  await page.waitForURL((u) => new URL(u).searchParams.get('type') === 'license');

  // the drawer: fields, files, a PDF shown inline with a ticket, never the session token
  await page.locator('[data-testid^="hit-open-"]').first().click();
  await page.getByTestId('record-drawer').waitFor();
  assert.ok(query(page).get('id'));
  await page.getByTestId('record-files').waitFor();
  await page.locator('.ant-descriptions').waitFor();
  const pdf = page.locator('[data-testid^="record-file-"]').filter({ hasText: '.pdf' }).first();
  const inline = page.waitForResponse((r) => r.url().includes('/api/sys/common/file/down') && r.url().includes('inline=1'));
  await pdf.locator('[data-testid^="file-preview-"]').click();
  const frame = page.getByTestId('preview-frame');
  await frame.waitFor();
  const src = await frame.getAttribute('src');
  assert.match(src, /inline=1/);
  assert.match(src, /ticket=/);
  assert.doesNotMatch(src, /AccessToken|Bearer/);
  const res = await inline;
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-disposition'], /^inline/);
  await still(page, 'portal-drawer-preview-1440');

  // add to the bid pack from the drawer; the header's badge counts it
  const before = Number(await page.getByTestId('pack-badge').getAttribute('data-count'));
  const add = page.locator('.ant-drawer-extra [data-testid^="pack-add-"]');
  if ((await add.getAttribute('data-state')) === 'none') await add.click();
  await page.locator('.ant-drawer-extra [data-testid^="pack-add-"][data-state="added"]').waitFor();
  // Back closes the drawer
  await page.goBack();
  await page.getByTestId('record-drawer').waitFor({ state: 'detached' });
  assert.equal(query(page).has('id'), false);
  // one more from the results
  await page.locator('[data-testid^="pack-add-"][data-state="none"]').first().click();
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="pack-badge"]').dataset.count) >= n, before + 1);

  // the pack drawer: download as zip, remove, clear
  await page.getByTestId('pack-badge').click();
  await page.getByTestId('pack-list').waitFor();
  const items = await page.locator('[data-testid^="pack-item-"]').count();
  assert.ok(items >= 2);
  await shot(page, 'portal-pack-1440');
  const zip = page.context().waitForEvent('response', (r) => r.url().includes('/api/portal/pack/download'));
  await page.getByTestId('pack-download').click();
  const zipRes = await zip;
  assert.equal(zipRes.status(), 200);
  assert.match(zipRes.headers()['content-type'], /zip/);
  assert.match(zipRes.url(), /ticket=/);
  await page.locator('[data-testid^="pack-remove-"]').first().click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid^="pack-item-"]').length === n, items - 1);
  await page.getByTestId('pack-clear').click();
  await page.getByTestId('pack-clear-ok').click();
  await page.getByTestId('pack-empty').waitFor();
  assert.equal(await page.getByTestId('pack-badge').getAttribute('data-count'), '0');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('messages: read on open, a link to the material, mark all read', async () => {
  const page = await signIn();
  await page.goto('/gatewayMsg');
  await page.getByTestId('msg-list').waitFor();
  await shot(page, 'portal-messages-1440');
  const unread = page.locator('[data-testid^="msg-item-"][data-state="unread"]');
  const n = await unread.count();
  assert.ok(n > 0, 'the demo data has unread messages');
  const first = unread.first();
  const id = await first.getAttribute('data-testid');
  await first.locator('[data-testid^="msg-open-"]').click();
  await page.locator(`[data-testid="${id}"][data-state="read"]`).waitFor();
  // an expiry reminder leads to its material's tab with the drawer open
  await page.locator('[data-testid^="msg-go-expiry-"]').first().click();
  await page.waitForURL((u) => new URL(u).pathname.startsWith('/gatewayDetail/') && new URL(u).searchParams.has('id'));
  await page.getByTestId('record-drawer').waitFor();
  await page.getByTestId('record-title').waitFor();
  await page.goto('/gatewayMsg?state=unread');
  await page.getByTestId('msg-list').waitFor();
  await page.getByTestId('msg-read-all').click();
  await page.getByTestId('msg-empty').waitFor();
  assert.equal(await page.getByTestId('msg-read-all').isDisabled(), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a phone: tabs instead of the menu, facets in a drawer, cards, no horizontal scrolling', async () => {
  const page = await signIn({ width: 390, height: 844 });
  await page.getByTestId('home-counts').waitFor();
  await page.getByTestId('portal-tabs').waitFor();
  await noSideScroll(page);
  await shot(page, 'portal-home-390');
  await page.getByTestId('portal-tabs').getByText('搜索').click();
  await waitPath(page, '/gatewaySearch');
  await page.getByTestId('search-box').locator('input').fill('资质');
  await page.getByTestId('search-box').locator('input').press('Enter');
  await page.getByTestId('hits').waitFor();
  await noSideScroll(page);
  await shot(page, 'portal-search-390');
  await page.getByTestId('facets-open').click();
  await page.getByTestId('facet-type').waitFor();
  await page.locator('[data-testid="facets"] [data-testid^="facet-type-"]').first().click();
  await page.waitForURL((u) => new URL(u).searchParams.has('type'));
  await page.getByTestId('facets-done').click();
  await page.goto('/gatewayDetail/enterprise');
  await page.getByTestId('hits').waitFor();
  await noSideScroll(page);
  await page.locator('[data-testid^="hit-open-"]').first().click();
  await page.getByTestId('record-files').waitFor();
  await noSideScroll(page);
  await shot(page, 'portal-drawer-390');
  await page.goto('/gatewayMsg');
  await page.getByTestId('msg-list').waitFor().catch(() => page.getByTestId('msg-empty').waitFor());
  await noSideScroll(page);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
