// The staff portal in a real browser (issue 6): the home page's sections, one search over every material type
// (highlights, facets, sort, everything in the URL so Back works), the detail drawer with an in-page PDF preview on a
// single-use ticket, the bid pack (add, remove, clear, download as zip), the messages (read on open, a link to the
// material, mark all read); at 1440 px and at a phone's 390 px without horizontal scrolling.
import { test } from '@playwright/test';
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
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

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

/** The names of a zip's entries, read from its central directory. */
function zipNames(buf) {
  const names = [];
  let end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'a zip');
  let at = buf.readUInt32LE(end + 16);
  for (let n = buf.readUInt16LE(end + 10); n > 0; n--) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50);
    const nameLen = buf.readUInt16LE(at + 28), extraLen = buf.readUInt16LE(at + 30), commentLen = buf.readUInt16LE(at + 32);
    names.push(buf.subarray(at + 46, at + 46 + nameLen).toString('utf8'));
    at += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

/**
 * Clicks and returns what the download opened by the click received ({url, headers, body}); the request is
 * observed at the network layer because the download's window goes away with its response.
 */
async function fetched(page, path, click) {
  const glob = `**${path}?*`;
  const got = new Promise((resolve) => {
    page.context().route(glob, async (route) => {
      const response = await route.fetch();
      resolve({ url: route.request().url(), status: response.status(), headers: response.headers(), body: await response.body() });
      await route.fulfill({ response });
    });
  });
  await click();
  const r = await got;
  await page.context().unroute(glob);
  assert.equal(r.status, 200, `${path}: HTTP ${r.status}`);
  return r;
}

test('the home page keeps its place while the carousel loads: a count tile does not move under the pointer', async () => {
  const page = await newPage(browser);
  // the carousel's chunk arrives a second late, as on a slow line
  await page.route(/\/assets\/HomeBanners-[^/]*\.js$/, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  await login(page, 'staff', 'Staff@123');
  await waitPath(page, '/gateway');
  const tile = page.getByTestId('count-license');
  await tile.waitFor();
  const before = await tile.boundingBox();
  await page.getByTestId('home-banners').waitFor();
  const after = await tile.boundingBox();
  assert.equal(after.y, before.y, 'the count tiles moved when the carousel arrived');
  await page.context().close();
});

test('staff searches a Chinese substring, opens a detail tab, previews and downloads a file, packs three materials and downloads them', async () => {
  const page = await signIn();
  assert.equal(new URL(page.url()).pathname, '/gateway');

  // a Chinese substring from the middle of a title
  const box = page.getByTestId('home-search-box').locator('input');
  await box.fill('资质证');
  await box.press('Enter');
  await waitPath(page, '/gatewaySearch');
  await page.locator('[data-testid="hits"] mark', { hasText: '资质证' }).first().waitFor();
  assert.ok(await page.locator('[data-testid="result-item"]', { hasText: '物业服务企业资质证书' }).count());

  // the detail screen's tabs: from the home page's licence count to the enterprise tab, one licence opened
  await page.goto('/gateway');
  await page.getByTestId('count-license').click();
  await waitPath(page, '/gatewayDetail/enterprise');
  await page.getByTestId('detail-tab-expert').click();
  await waitPath(page, '/gatewayDetail/expert');
  await page.getByTestId('detail-expert').locator('[data-testid="result-item"]').first().waitFor();
  await page.getByTestId('detail-tab-enterprise').click();
  await waitPath(page, '/gatewayDetail/enterprise');
  await page.getByTestId('detail-enterprise').locator('[data-testid="result-item"]').first().waitFor();
  await shot(page, 'portal-detail-enterprise-1440');
  const licence = page.locator('[data-testid="result-item"]', { hasText: '营业执照' }).first(); // each company has one
  await licence.locator('[data-testid^="hit-open-"]').click();
  await page.getByTestId('record-files').waitFor();
  const file = page.locator('[data-testid^="record-file-"]').filter({ hasText: '.pdf' }).first();

  // preview in the page, then download (an attachment, counted)
  await file.locator('[data-testid^="file-preview-"]').click();
  await page.getByTestId('preview-frame').waitFor();
  const one = await fetched(page, '/api/sys/common/file/down', () => file.locator('[data-testid^="file-download-"]').click());
  assert.match(one.headers['content-disposition'], /^attachment/);
  assert.ok(one.body.subarray(0, 5).equals(Buffer.from('%PDF-')));
  assert.doesNotMatch(one.url, /inline=1|AccessToken/);

  // three materials of three types into the bid pack
  await page.getByTestId('pack-badge').waitFor();
  const start = Number(await page.getByTestId('pack-badge').getAttribute('data-count'));
  assert.equal(start, 0, 'the pack starts empty');
  const add = page.locator('.ant-drawer-extra [data-testid^="pack-add-"]');
  await add.click();
  await page.locator('.ant-drawer-extra [data-testid^="pack-add-"][data-state="added"]').waitFor();
  for (const tab of ['contract', 'honor']) {
    await page.goto(`/gatewayDetail/${tab}`);
    const first = page.getByTestId(`detail-${tab}`).locator('[data-testid="result-item"]').first();
    await first.waitFor();
    await first.locator('[data-testid^="pack-add-"][data-state="none"]').click();
    await first.locator('[data-testid^="pack-add-"][data-state="added"]').waitFor();
  }
  await page.waitForFunction(() => document.querySelector('[data-testid="pack-badge"]').dataset.count === '3');
  await page.getByTestId('pack-badge').click();
  await page.getByTestId('pack-list').waitFor();
  assert.equal(await page.locator('[data-testid^="pack-item-"]').count(), 3);
  const zip = await fetched(page, '/api/portal/pack/download', () => page.getByTestId('pack-download').click());
  assert.match(zip.headers['content-disposition'], /attachment/);
  const names = zipNames(zip.body);
  assert.ok(names.includes('资料清单.xlsx'), names.join(' '));
  for (const folder of ['企业证照/营业执照/', '业绩合同/', '荣誉资质/']) {
    assert.ok(names.some((n) => n.startsWith(folder) && n.length > folder.length), `${folder} in ${names.join(' ')}`);
  }
  // leave the pack as it was for the other tests
  await page.getByTestId('pack-clear').click();
  await page.getByTestId('pack-clear-ok').click();
  await page.getByTestId('pack-empty').waitFor();
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
