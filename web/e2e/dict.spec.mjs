// Dictionary management in a real browser: a dictionary and its items are added in /dict_manager, a new item
// reaches the dictionary selects only after 'refresh cache', and a delete asks for confirmation first.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, confirmIrreversible, dialogSettled } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const itemRow = (page, text) => page.getByTestId('dict-items').locator('.ant-table-row', { hasText: text });

async function previewOptions(page) {
  await page.getByTestId('dict-preview').click();
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await dropdown.waitFor();
  // The options render a moment after the dropdown itself.
  await dropdown.locator('.ant-select-item-option').first().waitFor();
  await page.waitForTimeout(300);
  const texts = await dropdown.locator('.ant-select-item-option').allInnerTexts();
  await page.keyboard.press('Escape');
  await dropdown.waitFor({ state: 'hidden' });
  return texts;
}

async function addRow(page, addTestId, { key, value, sort, isDefault }) {
  await page.getByTestId(addTestId).click();
  await dialogSettled(page);
  await page.getByTestId('dict-form-key').fill(key);
  await page.getByTestId('dict-form-value').fill(value);
  if (sort !== undefined) await page.getByTestId('dict-form-sort').fill(String(sort));
  if (isDefault) await page.getByTestId('dict-form-default').click();
  await page.getByTestId('dict-form-ok').click();
  await page.getByTestId('dict-form-key').waitFor({ state: 'hidden' });
}

test('a dictionary item added in /dict_manager appears in a select after refresh cache', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await page.waitForURL((u) => new URL(u).pathname === '/gateway');
  await page.goto('/dict_manager');
  await page.getByTestId('dict-group-user_state').waitFor();
  await page.getByTestId('table-card').getByText('数据列表').waitFor();

  // The built-in 用户状态 dictionary: its items, the default marked, and the preview select reading the cache.
  await page.getByTestId('dict-group-user_state').click();
  await itemRow(page, '可用').waitFor();
  assert.match(await itemRow(page, '可用').innerText(), /默认/);
  assert.deepEqual(await previewOptions(page), ['可用', '禁用']);

  // An empty form is refused with the generic message and the field message.
  await page.getByTestId('dict-item-add').click();
  await dialogSettled(page);
  await page.getByTestId('dict-form-ok').click();
  await page.getByText('请按提示完善表单后再提交').first().waitFor();
  await page.getByText('请填写字典项名称').first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('dict-form-key').waitFor({ state: 'hidden' });

  // A duplicate value is refused by the server with its message.
  await page.getByTestId('dict-item-add').click();
  await dialogSettled(page);
  await page.getByTestId('dict-form-key').fill('重复');
  await page.getByTestId('dict-form-value').fill('1');
  await page.getByTestId('dict-form-ok').click();
  await page.getByText('同一字典下已有值为「1」的字典项').first().waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('dict-form-key').waitFor({ state: 'hidden' });

  // Add 锁定 (value 2) as the new default: the table shows it at once, the select only after refresh cache.
  await addRow(page, 'dict-item-add', { key: '锁定', value: '2', sort: 3, isDefault: true });
  await itemRow(page, '锁定').waitFor();
  assert.match(await itemRow(page, '锁定').innerText(), /默认/);
  assert.doesNotMatch(await itemRow(page, '可用').innerText(), /默认/);
  assert.deepEqual(await previewOptions(page), ['可用', '禁用'], 'the select reads the cache, not the table');

  await page.getByTestId('dict-refresh-cache').click();
  await page.getByText('缓存刷新成功').first().waitFor();
  assert.deepEqual(await previewOptions(page), ['可用', '禁用', '锁定']);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dictData')));
  const userState = stored.find((d) => d.value === 'user_state');
  assert.deepEqual(userState.childDict.map((c) => [c.key, c.value, c.isDefault]), [['可用', 1, 0], ['禁用', 0, 0], ['锁定', 2, 1]]);

  await page.getByTestId('dict-preview').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '锁定' }).click();
  await shot(page, 'dict-manager');

  // A new dictionary with an item; deleting the dictionary while it has items is refused.
  await addRow(page, 'dict-group-add', { key: 'E2E项目阶段', value: 'e2e_stage', sort: 20 });
  // the dictionaries fill more than a page: find the new one by its name
  await page.getByTestId('search-keywords').fill('E2E项目阶段');
  await page.getByTestId('search-submit').click();
  await page.getByTestId('dict-group-e2e_stage').click();
  await addRow(page, 'dict-item-add', { key: '立项', value: 'init' });
  await itemRow(page, '立项').waitFor();
  await page.getByTestId('dict-group-delete-e2e_stage').click();
  await confirmIrreversible(page);
  await page.getByText('字典「E2E项目阶段」下还有字典项，请先删除字典项').first().waitFor();

  // Deleting the item asks first, then removes it; the switch disables an item.
  await page.getByTestId('dict-item-delete-init').click();
  await confirmIrreversible(page);
  await itemRow(page, '立项').waitFor({ state: 'detached' });

  // Turning 锁定 off takes it out of the select after the next refresh.
  await page.getByTestId('search-reset').click();
  await page.getByTestId('dict-group-user_state').click();
  await itemRow(page, '锁定').waitFor();
  await page.getByTestId('dict-item-enabled-2').click();
  await page.getByText('操作成功').first().waitFor();
  await page.getByTestId('dict-refresh-cache').click();
  await page.waitForFunction(() => !JSON.stringify(JSON.parse(localStorage.getItem('dictData'))).includes('锁定'));
  assert.deepEqual(await previewOptions(page), ['可用', '禁用']);

  assert.deepEqual(page.errors, []);
});
