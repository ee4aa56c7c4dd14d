// The widget gallery (/test) in a real browser: each widget of spec section 2 works and shows its value; the
// described form refuses an incomplete submit, names a bad ID card, then sends; the route pager and the keyword
// box write the URL; the context menu acts on rows; uploads are checked in the browser.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { launch, newPage, login, shot, confirmIrreversible, waitPath } from './helpers.mjs';

let browser;
let page;
test.beforeAll(async () => {
  browser = await launch();
  page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
});
test.afterAll(async () => {
  await browser?.close();
});

const text = (id) => page.getByTestId(id).innerText();
/** Waits until the element with the test id shows the text (the router renders a navigation as a transition). */
const shows = (id, hasText) => page.getByTestId(id).filter({ hasText }).waitFor();
// the exact value a gallery widget holds (the screen shows it readably), and waiting until it holds a part
const data = (id) => page.getByTestId(id).getAttribute('data-value');
const holds = (id, part) => page.waitForFunction(([i, p]) => document.querySelector(`[data-testid="${i}"]`)?.getAttribute('data-value')?.includes(p), [id, part]);
const query = () => Object.fromEntries(new URL(page.url()).searchParams);

async function openGallery(path = '/test') {
  await page.goto(path);
  await page.getByTestId('widget-gallery').waitFor();
}

/** Right-clicks a row and chooses an item of its context menu once the menu stands still. */
async function contextMenu(row, label) {
  // keep the row in the middle of the screen so that the menu opens in view and nothing scrolls under it
  await row.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await row.click({ button: 'right' });
  const item = page.locator('.ant-dropdown:visible').getByText(label, { exact: true });
  await item.waitFor();
  await page.waitForTimeout(400);
  await item.click();
  await page.locator('.ant-dropdown:visible').waitFor({ state: 'hidden' });
}

/** Picks an option of the open select or cascader dropdown by its text. */
async function pickOption(label) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option, .ant-cascader-dropdown:visible .ant-cascader-menu-item').filter({ hasText: label }).first();
  await option.waitFor();
  await page.waitForTimeout(200);
  await option.click();
}

test('rating, slider, switch, date and time show their values', async () => {
  await openGallery();
  await shot(page, 'widgets-gallery');
  const stars = page.getByTestId('w-rating').locator('.ant-rate-star');
  assert.equal(await stars.count(), 5);
  // spec section 9: at or below 2 the rating is low, at or above 4 high; the stars and the text take its colour
  const tier = () => page.getByTestId('rating-text').getAttribute('data-tier');
  const starColour = () => page.getByTestId('w-rating').locator('.ant-rate').evaluate((el) => getComputedStyle(el).color);
  assert.equal(await text('rating-text'), '一般');
  assert.equal(await tier(), 'medium');
  const medium = await starColour();
  await stars.nth(4).click();
  assert.equal(await text('rating-text'), '惊喜');
  assert.equal(await text('rating-value'), '5');
  assert.equal(await tier(), 'high');
  await stars.nth(0).click();
  assert.equal(await text('rating-text'), '极差');
  assert.equal(await tier(), 'low');
  assert.notEqual(await starColour(), medium);

  const handle = page.getByTestId('w-slider').locator('.ant-slider-handle');
  await handle.focus();
  await page.keyboard.press('End');
  assert.equal(await text('slider-value'), '100');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await text('slider-value'), '99');
  await page.keyboard.press('Home');
  assert.equal(await text('slider-value'), '0');

  assert.equal(await text('switch-value'), '0');
  await page.getByTestId('switch').click();
  assert.equal(await text('switch-value'), '1');
  await page.getByTestId('switch').click();
  assert.equal(await text('switch-value'), '0');

  await page.getByTestId('w-datetime').locator('.ant-picker input').first().fill('2025-03-01');
  await page.keyboard.press('Enter');
  assert.match(await data('datetime-value'), /"date":"2025-03-01"/);
  assert.match(await text('datetime-value'), /日期：2025-03-01/);
});

test('the described form: incomplete submit, ID card error, then it sends', async () => {
  await openGallery();
  const form = page.getByTestId('w-form');
  await page.getByTestId('df-submit').click();
  await page.getByText('请按提示完善表单后再提交').first().waitFor();
  await form.getByText('请填写项目名称').waitFor();
  await form.getByText('请填写身份证号').waitFor();
  await form.getByText('请选择状态').waitFor();

  await page.getByTestId('df-title').fill('智慧园区运维投标');
  await page.getByTestId('df-idcard').fill('110105199003071230');
  await form.getByText('身份证号校验位不正确').waitFor();
  await page.getByTestId('df-idcard').fill('9101051990030712');
  await form.getByText('身份证号须为15位或18位数字（18位末位可为X）').waitFor();
  await page.getByTestId('df-amount').fill('12.345');
  await form.getByText('只能保留2位小数').waitFor();
  await page.getByTestId('df-landline').fill('12345678');
  await form.getByText('请输入正确的固定电话，如 010-12345678').waitFor();
  await page.getByTestId('df-submit').click();
  await page.getByText('请按提示完善表单后再提交').first().waitFor();
  assert.equal(await text('df-sent'), '—', 'nothing is sent while a rule fails');
  await shot(page, 'widgets-form-errors');

  // the spec descriptor's multiple_organ_choice field is served by the picker dialog's input (a swapped widget)
  await page.getByTestId('df-audience').waitFor();

  await page.getByTestId('df-idcard').fill('11010519491231002X');
  assert.equal(await page.getByTestId('df-idcard-info').innerText(), '出生日期 1949-12-31，性别女');
  await page.getByTestId('df-amount').fill('12.34');
  await page.getByTestId('df-landline').fill('0755-1234567');
  await page.getByTestId('df-state').click();
  await pickOption('可用');
  await page.getByTestId('df-published').click();
  await page.getByTestId('df-submit').click();
  await page.getByText('操作成功').first().waitFor();
  const sent = JSON.parse(await text('df-sent'));
  assert.equal(sent.title, '智慧园区运维投标');
  assert.equal(sent.idcard, '11010519491231002X');
  assert.equal(sent.amount, 12.34);
  assert.equal(sent.landline, '0755-1234567');
  assert.equal(String(sent.state), '1');
  assert.equal(sent.published, 1, 'the switch sends 1 when on');
  assert.deepEqual(page.errors, []);
});

test('the route pager and the keyword box keep their state in the URL', async () => {
  await openGallery();
  const pager = page.getByTestId('route-pager');
  await pager.locator('.ant-pagination-item-2').click();
  await page.waitForURL((u) => new URL(u).searchParams.get('page') === '2');
  await holds('pager-value', '"page":2,"pagesize":20');
  await shows('pager-rows', '投标文件 021');

  // 40 a page: back to page 1, the size in the URL
  await pager.locator('.ant-select').click();
  await pickOption('40 条/页');
  await page.waitForURL((u) => new URL(u).searchParams.get('pagesize') === '40');
  assert.deepEqual(query(), { pagesize: '40' });

  const box = page.getByTestId('keyword-search').locator('input').or(page.locator('input[data-testid="keyword-search"]')).first();
  assert.equal(await box.getAttribute('placeholder'), '请准确填写搜索信息');
  await box.fill('资质');
  await box.press('Enter');
  await page.waitForURL((u) => new URL(u).searchParams.get('keywords') === '资质');
  await shows('route-pager', '共 34 条');

  // a shared link opens the same state, and back returns to the previous one
  await openGallery('/test?keywords=%E5%90%88%E5%90%8C&page=2');
  await holds('pager-value', '"keywords":"合同","page":2');
  assert.equal(await box.inputValue(), '合同');
  await page.goBack();
  await page.waitForURL((u) => new URL(u).searchParams.get('keywords') === '资质');
  await holds('pager-value', '"keywords":"资质"');
  assert.equal(await box.inputValue(), '资质');
});

test('context menu, batch delete guard, cascader search, upload checks, privilege buttons', async () => {
  await openGallery();
  const rows = page.getByTestId('ctx-table').locator('.ant-table-row');
  assert.equal(await rows.count(), 4);
  await page.getByTestId('ctx-batch-delete').click();
  await page.getByText('请先勾选要删除的项').first().waitFor();

  await contextMenu(rows.nth(0), '标星');
  await page.getByTestId('ctx-star-1').waitFor();
  assert.equal(await text('ctx-last'), '已标星：2025 年智慧园区运维投标文件');

  await contextMenu(rows.filter({ hasText: 'ISO 20000' }), '删除');
  await confirmIrreversible(page);
  await page.getByText('ISO 20000 资质证书').waitFor({ state: 'detached' });
  assert.equal(await rows.count(), 3);

  // the cascader searches once the typing has paused for 300 ms (the text arrives at once: on a busy machine keys
  // typed one by one can be more than 300 ms apart, which is two searches by design)
  const cascader = page.getByTestId('w-cascader').locator('.ant-cascader');
  await cascader.click();
  await cascader.locator('input').fill('南山');
  await page.getByTestId('cascader-searched').filter({ hasText: '第 1 次搜索：“南山”，匹配 1 项' }).waitFor();
  await pickOption('南山区');
  assert.equal(await data('cascader-value'), '["44","4403","440305"]');

  // uploads: a suffix outside the list is refused with a warning; a listed one in upper case is taken
  const dir = mkdtempSync(join(tmpdir(), 'biddesk-upload-'));
  writeFileSync(join(dir, 'notes.txt'), 'plain text');
  writeFileSync(join(dir, 'SCAN.PNG'), Buffer.from('89504e470d0a1a0a', 'hex'));
  const input = page.getByTestId('w-upload').locator('input[type=file]');
  await input.setInputFiles(join(dir, 'notes.txt'));
  await page.getByText('notes.txt: 仅支持以下格式的文件：jpg,png,pdf').first().waitFor();
  assert.equal(await data('upload-value'), '[]');
  await input.setInputFiles(join(dir, 'SCAN.PNG'));
  await holds('upload-value', '["SCAN.PNG"]');
  await page.getByTestId('upload-value').filter({ hasText: 'SCAN.PNG' }).waitFor();

  // privilege buttons: 2 fires an event, 1 is a new-tab link, 0 goes to a route; an unheld one is absent
  const priv = page.getByTestId('w-privilege');
  await priv.getByRole('button', { name: '触发事件' }).click();
  assert.equal(await data('privilege-value'), '{"events":1}');
  assert.equal(await text('privilege-value'), '事件次数：1');
  assert.equal(await priv.getByRole('link', { name: '帮助中心' }).getAttribute('target'), '_blank');
  assert.equal(await priv.getByText('hidden').count(), 0);
  await priv.getByRole('link', { name: '前往首页' }).click();
  await waitPath(page, '/welcome');
  assert.deepEqual(page.errors, []);
});

test('the gallery in English', async () => {
  const en = await newPage(browser, { lang: 'en' });
  await en.addInitScript(() => localStorage.setItem('lang', 'en'));
  await login(en, 'admin', 'Admin@123');
  await waitPath(en, '/gateway');
  await en.goto('/test');
  await en.getByTestId('widget-gallery').waitFor();
  await en.getByTestId('w-rating').locator('.ant-rate-star').nth(3).click();
  assert.equal(await en.getByTestId('rating-text').innerText(), 'satisfied');
  assert.equal(await en.getByTestId('keyword-search').locator('input').or(en.locator('input[data-testid="keyword-search"]')).first().getAttribute('placeholder'), 'please fill in search information accurately');
  await en.getByTestId('df-amount').fill('-3');
  await en.getByTestId('w-form').getByText('cannot be negative').waitFor();
  await en.getByTestId('df-amount').fill('2000000');
  await en.getByTestId('w-form').getByText('cannot exceed 1000000').waitFor();
  await en.getByTestId('df-submit').click();
  await en.getByText('Please complete the form as prompted before submitting').first().waitFor();
  await shot(en, 'widgets-gallery-en');
  await en.context().close();
});
