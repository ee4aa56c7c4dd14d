// Uploads in a real browser (the /test gallery's server upload and banner image upload): progress while a file is
// sent, the browser's checks (suffix, the spec's image rules) and the server's (content matching the suffix), the
// download opened in a new window with a single-use ticket, and a removed upload deleted on the server.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, waitPath } from './helpers.mjs';

let browser;
let page;
test.beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/test');
  await page.getByTestId('widget-gallery').waitFor();
});
test.afterAll(async () => {
  await browser?.close();
});

// the exact value a gallery widget holds (the screen shows it readably)
const value = async (id) => JSON.parse(await page.getByTestId(id).getAttribute('data-value'));
const token = () => page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')).accessToken);

/** A PDF of about size bytes. */
const pdf = (size = 200) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size, 'x'), Buffer.from('\n%%EOF\n')]);

/** A w x h image drawn by the browser, as a file for setInputFiles. */
async function picture(name, w, h, type = 'image/png') {
  const dataUrl = await page.evaluate(
    ([w, h, type]) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d');
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, '#1677ff');
      grad.addColorStop(1, '#69b1ff');
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      g.fillStyle = '#fff';
      g.font = `${Math.round(h / 5)}px sans-serif`;
      g.fillText('BidDesk 投标支持', w / 12, h / 2);
      return c.toDataURL(type);
    },
    [w, h, type],
  );
  return { name, mimeType: type, buffer: Buffer.from(dataUrl.split(',')[1], 'base64') };
}

test('a file goes to the server with progress, is downloaded with a ticket, and is deleted when removed', async () => {
  const card = page.getByTestId('w-server-upload');
  const input = card.locator('input[type=file]');
  await card.scrollIntoViewIfNeeded();

  // the browser refuses a suffix outside the configured list before sending anything
  await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ\x90\x00') });
  await page.getByText('setup.exe: 仅支持以下格式的文件：pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar').first().waitFor();
  // the server refuses bytes that are not what the suffix says
  await input.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf') });
  await page.getByText('文件内容与扩展名 .pdf 不符').first().waitFor();
  assert.deepEqual(await value('server-upload-value'), []);

  // a slow link shows the progress of a large file
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
  await input.setInputFiles({ name: '投标文件.pdf', mimeType: 'application/pdf', buffer: pdf(3 << 20) });
  await card.locator('.ant-upload-list-item-uploading').filter({ hasText: '投标文件.pdf' }).locator('.ant-progress').waitFor();
  await page.waitForTimeout(1500);
  await shot(page, 'upload-progress');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByTestId('server-upload-value').filter({ hasText: '投标文件.pdf' }).waitFor({ timeout: 60000 });
  await input.setInputFiles({ name: '营业执照.pdf', mimeType: 'application/pdf', buffer: pdf() });
  await page.getByTestId('server-upload-value').filter({ hasText: '营业执照.pdf' }).waitFor();
  const files = await value('server-upload-value');
  assert.equal(files.length, 2);
  assert.equal(files[0].size, (3 << 20) + 16);
  await shot(page, 'upload-done');

  // the name opens the download in a new window: a single-use ticket in the URL, the file as an attachment
  const [request, download] = await Promise.all([
    page.context().waitForEvent('request', (r) => r.url().includes('/api/sys/common/file/down')),
    page.waitForEvent('download'),
    card.getByRole('button', { name: '营业执照.pdf' }).click(),
  ]);
  const url = new URL(request.url());
  assert.equal(url.searchParams.get('id'), String(files[1].id));
  assert.match(url.searchParams.get('ticket'), /^[0-9a-f]{64}$/);
  assert.equal(url.searchParams.get('AccessToken'), null);
  assert.equal(download.suggestedFilename(), '营业执照.pdf');
  for (const p of page.context().pages()) if (p !== page) await p.close();

  // removing an upload from the list deletes it on the server
  const auth = { Authorization: `Bearer ${await token()}` };
  const down = (id) => page.request.get(`/api/sys/common/file/down?id=${id}`, { headers: auth });
  const before = await down(files[1].id);
  assert.equal(before.headers()['content-type'], 'application/pdf');
  assert.match(before.headers()['content-disposition'], /^attachment; /);
  await card.locator('.ant-upload-list-item').filter({ hasText: '营业执照.pdf' }).hover();
  await card.locator('.ant-upload-list-item').filter({ hasText: '营业执照.pdf' }).locator('.ant-upload-list-item-action').click();
  await page.getByTestId('server-upload-value').filter({ hasNotText: '营业执照.pdf' }).waitFor();
  // the removal's call may still be on its way (a slow machine): look again until it has been answered
  let after;
  for (let i = 0; i < 600; i++) {
    const r = await down(files[1].id);
    after = (r.headers()['content-type'] ?? '').includes('json') ? await r.json() : {};
    if (after.message === '文件不存在或已删除') break;
    await page.waitForTimeout(100);
  }
  assert.equal(after.message, '文件不存在或已删除');
  assert.deepEqual(page.errors, []);
});

test("banner images follow the spec's rules in the browser and are shown from their public address", async () => {
  const card = page.getByTestId('w-banner-upload');
  const input = card.locator('input[type=file]');
  await card.scrollIntoViewIfNeeded();
  await input.setInputFiles(await picture('small.png', 344, 150));
  await page.getByText('small.png: 上传的图片不能小于345*150像素!').first().waitFor();
  await input.setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await page.getByText('anim.gif: 格式仅支持jpg、png!').first().waitFor();
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc((2 << 20) + 1) });
  await page.getByText('huge.png: 图片大小不能超过 2MB!').first().waitFor();
  assert.deepEqual(await value('banner-upload-value'), []);

  await input.setInputFiles(await picture('banner.png', 1125, 468));
  await page.getByTestId('banner-upload-value').filter({ hasText: '/api/sys/common/image/' }).waitFor();
  await input.setInputFiles(await picture('cover.jpg', 400, 200, 'image/jpeg'));
  await card.locator('.ant-upload-list-item-done').nth(1).waitFor();
  const [url] = await value('banner-upload-value');
  assert.match(url, /^\/api\/sys\/common\/image\/[0-9a-f]{32}\.png$/);
  // an <img> shows it without any token
  await card.locator(`img[src="${url}"]`).waitFor();
  assert.ok(await card.locator(`img[src="${url}"]`).evaluate((img) => img.naturalWidth === 1125));
  await shot(page, 'upload-banner');
  assert.deepEqual(page.errors, []);
});
