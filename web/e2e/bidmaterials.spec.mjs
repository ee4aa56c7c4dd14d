// Bid materials (issue 32) in a real browser. The administrator imports this month's social-security list for
// three demo experts from the social-security screen (a check first, then the import), finds on the expert list the
// experts with at least 12 continuous months in 上海 up to this month (the demo has 18 and 14 months up to last month
// for two of them and a broken run for the third) and exports that list; then adds a government-procurement
// registration with its proof, expiring in ten days, sees its expiry mark and, after 'generate expiry reminders',
// its reminder among the messages, filtered by the kind 到期提醒. Screenshots of each screen.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { launch, newPage, login, shot, dialogSettled, waitPath, row, exportFile } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/* ---------- a small .xlsx writer (inline strings), as the bureau's spreadsheet would come ---------- */

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};

function zip(files) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const raw = Buffer.from(text, 'utf8');
    const data = deflateRawSync(raw);
    const nameBuf = Buffer.from(name, 'utf8');
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0); head.writeUInt16LE(20, 4); head.writeUInt16LE(0x0800, 6); head.writeUInt16LE(8, 8);
    head.writeUInt32LE(crc32(raw), 14); head.writeUInt32LE(data.length, 18); head.writeUInt32LE(raw.length, 22); head.writeUInt16LE(nameBuf.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0); central.writeUInt16LE(20, 4); central.writeUInt16LE(20, 6); central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10); central.writeUInt32LE(crc32(raw), 16); central.writeUInt32LE(data.length, 20); central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBuf.length, 28); central.writeUInt32LE(offset, 42);
    locals.push(head, nameBuf, data);
    centrals.push(central, nameBuf);
    offset += head.length + nameBuf.length + data.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0); end.writeUInt16LE(Object.keys(files).length, 8); end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12); end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function xlsx(sheetName, rows) {
  const col = (i) => String.fromCharCode(65 + i);
  const body = rows.map((r, ri) => `<row r="${ri + 1}">${r.map((v, ci) => `<c r="${col(ci)}${ri + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`).join('');
  return zip({
    '[Content_Types].xml': '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    '_rels/.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`,
  });
}

const pad = (n) => String(n).padStart(2, '0');
const now = new Date();
const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const inDays = (n) => {
  const d = new Date(Date.now() + n * 86400000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

async function signIn(code, password) {
  const page = await newPage(browser);
  await login(page, code, password);
  await waitPath(page, '/gateway');
  return page;
}

test('import a month of social security, find the experts with 12 continuous months in 上海 and export them', async () => {
  const page = await signIn('admin', 'Admin@123');
  await page.goto('/expert_talents2_social');
  await row(page, '华信服务股份有限公司').first().waitFor();
  await shot(page, 'bidmaterials-social-list');

  // this month's list from the bureau: the three demo experts (18, 14 months up to last month; a gap 6 months back)
  const header = ['员工编号', '姓名', '缴纳月份', '参保城市', '缴费基数（元）', '缴纳单位', '备注'];
  const file = xlsx('社保缴纳', [header,
    ['HX000010', '', thisMonth, '上海', '12800', '华信服务股份有限公司', ''],
    ['HX000021', '', thisMonth, '上海市', '9800', '华信服务股份有限公司', ''],
    ['HX000035', '', thisMonth, '上海', '15600', '华信服务股份有限公司', ''],
  ]);
  await page.getByTestId('social-import').click();
  await dialogSettled(page);
  await page.getByTestId('social-import-file').locator('input[type=file]').setInputFiles({ name: `社保${thisMonth}.xlsx`, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
  await page.getByTestId('social-import-check').click();
  await page.getByTestId('social-import-clean').waitFor();
  assert.match(await page.getByTestId('social-import-summary').innerText(), /共3行：新增3条，更新0条/);
  await shot(page, 'bidmaterials-social-import-checked');
  await page.getByTestId('social-import-run').click();
  await page.getByTestId('social-import-check').waitFor({ state: 'hidden' });
  await row(page, thisMonth).first().waitFor();

  // the experts with at least 12 continuous months in 上海 up to this month
  await page.goto('/expert_talents2_manage');
  await page.locator('.ant-table-row').first().waitFor();
  const expand = page.getByTestId('search-toggle');
  if (await expand.count()) await expand.click();
  await page.getByTestId('search-socialCity').fill('上海');
  await page.getByTestId('search-socialMonths').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^12$/ }).click();
  const upTo = page.getByTestId('search-socialUpTo');
  const upToInput = (await upTo.evaluate((el) => el.tagName)) === 'INPUT' ? upTo : upTo.locator('input');
  await upToInput.click();
  await upToInput.fill(thisMonth);
  await upToInput.press('Enter');
  await page.getByTestId('search-submit').click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 2);
  const texts = await page.locator('.ant-table-row').allInnerTexts();
  assert.ok(texts.some((t) => t.includes('上海 19个月')) && texts.some((t) => t.includes('上海 15个月')), texts.join('\n'));
  await shot(page, 'bidmaterials-experts-12-months');

  // the export carries the filter and the runs
  const dl = await exportFile(page, '**/api/library/expert/export**');
  assert.match(decodeURIComponent(dl.url), /socialCity=上海/);
  assert.match(dl.url, /socialMonths=12/);
  assert.ok(dl.body.subarray(0, 2).equals(Buffer.from('PK')), 'an .xlsx workbook');
  await page.close();
});

test('add a government-procurement registration with its proof and see its expiry reminder', async () => {
  const page = await signIn('admin', 'Admin@123');
  await page.goto('/expert_talents2_gov');
  await row(page, '高新技术企业认定').waitFor();
  await page.getByTestId('lib-add').click();
  await dialogSettled(page);
  await page.getByTestId('lib-field-title').fill('E2E某市政府采购电子卖场供应商入驻');
  await page.getByTestId('lib-field-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '平台注册' }).click();
  await page.getByTestId('lib-field-authority').fill('某市财政局');
  await page.getByTestId('lib-field-number').fill('MS-DZMC-2026-088');
  await page.getByTestId('lib-field-region').fill('某市');
  const to = page.getByTestId('lib-field-validTo');
  const toInput = (await to.evaluate((el) => el.tagName)) === 'INPUT' ? to : to.locator('input');
  await toInput.click();
  await toInput.fill(inDays(10));
  await toInput.press('Enter');
  await page.getByTestId('lib-field-proofs').locator('input[type=file]').setInputFiles({ name: '入驻证明.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.locator('.ant-upload-list-item-done', { hasText: '入驻证明.pdf' }).waitFor();
  await shot(page, 'bidmaterials-govreg-form');
  await page.getByTestId('lib-form-ok').click();
  const added = row(page, 'E2E某市政府采购电子卖场供应商入驻');
  await added.waitFor();
  assert.match(await added.innerText(), /\d+天后到期/);
  await shot(page, 'bidmaterials-govreg-list');

  // the reminder: generated as a message to-do of kind 到期提醒
  await page.goto('/expert_talents2_message');
  await page.getByTestId('lib-generate').click();
  await page.locator('.ant-message', { hasText: '已生成' }).waitFor();
  await page.getByTestId('search-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '到期提醒' }).click();
  await page.getByTestId('search-submit').click();
  const reminder = row(page, 'E2E某市政府采购电子卖场供应商入驻');
  await reminder.waitFor();
  assert.match(await reminder.innerText(), /到期提醒/);
  await shot(page, 'bidmaterials-govreg-reminder');
  await page.close();
});
