// The organisation/employee picker in a real browser: single-select where it lives (/sysuser's unit field) and
// multi-select in the widget gallery (/test), which shows the emitted result.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, pickerNode, openPickerPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

async function signedIn() {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  return page;
}

/** Opens the picker with the control or button testId and waits until it stands still. */
async function openPicker(page, testId, firstTab = 'picker-tree') {
  await page.getByTestId(testId).click();
  await page.getByTestId(firstTab).waitFor();
  await dialogSettled(page);
}

/** Runs an organisation search in the open picker. */
async function searchOrgan(page, word) {
  const box = page.getByTestId('picker-organ-search').locator('input');
  await box.fill(word);
  await box.press('Enter');
}

test('single-select: greyed nodes do nothing, a search with no hit says so, a click on a unit picks it and closes', async () => {
  const page = await signedIn();
  await page.goto('/sysuser');
  await page.getByTestId('user-add').click();
  await dialogSettled(page);

  // the tree loads lazily; while the root is on its way the dialog says so
  let release;
  const held = new Promise((r) => (release = r));
  const hold = async (route) => {
    await held;
    await route.continue();
  };
  await page.route(/selectOrgCode/, hold);
  await page.getByTestId('user-unit').click();
  await page.getByText('组织树加载中...').waitFor();
  release();
  await page.getByTestId('picker-tree').waitFor();
  await page.unroute(/selectOrgCode/, hold);
  await dialogSettled(page);
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('picker-tab-organ') });
  assert.equal(Math.round((await picker.boundingBox()).width), 450);
  // the root opens by itself; the group, the service company and 'subordinate companies' are greyed
  await pickerNode(page, '华信服务股份有限公司').waitFor();
  await shot(page, 'picker-single');
  for (const name of ['华信服务集团', '区域公司', '华信服务股份有限公司']) {
    assert.match(await pickerNode(page, name).getAttribute('class'), /ant-tree-treenode-disabled/);
    await pickerNode(page, name).locator('.ant-tree-title').click({ force: true });
  }
  await page.waitForTimeout(400);
  assert.equal(await page.getByTestId('picker-tree').count(), 1, 'a greyed node must not close the picker');
  assert.equal(await page.getByTestId('picker-ok').count(), 0, 'single-select has no confirm button');

  // children load on expand, one level at a time
  await openPickerPath(page, ['区域公司']);
  await pickerNode(page, '北京华信物业服务有限公司').waitFor();

  await searchOrgan(page, '没有这个单位');
  await page.getByTestId('picker-organ-results').getByText('没有相关组织').waitFor();
  await shot(page, 'picker-single-nohit');
  await searchOrgan(page, '');
  await page.getByTestId('picker-tree').waitFor();

  await searchOrgan(page, '投标支持');
  const hit = page.getByTestId('picker-organ-results').locator('[data-key="100104"]');
  await hit.waitFor();
  assert.match(await hit.innerText(), /投标支持中心[\s\S]*华信服务股份有限公司/);
  await hit.click();
  await page.getByTestId('picker-organ-results').waitFor({ state: 'detached' });
  assert.match(await page.getByTestId('user-unit').innerText(), /投标支持中心/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('multi-select: two units and three pasted employees, one removed, confirmed; the gallery shows the result', async () => {
  const page = await signedIn();
  await page.goto('/test');
  await openPicker(page, 'picker-demo-multiple');
  const picker = page.locator('.ant-modal').filter({ has: page.getByTestId('picker-tab-organ') });
  assert.equal(Math.round((await picker.boundingBox()).width), 750);
  await picker.getByText('已选条件（多个条件之间取并集）').waitFor();
  await pickerNode(page, '区域公司').waitFor();
  await shot(page, 'picker-multiple');

  // two companies ticked in the tree (a click on the name ticks it), then Add
  await openPickerPath(page, ['区域公司']);
  for (const name of ['北京华信物业服务有限公司', '上海华信设施管理有限公司']) {
    await pickerNode(page, name).locator('.ant-tree-title').click();
  }
  await page.getByTestId('picker-add').click();
  const chosenOrgan = page.getByTestId('picker-chosen-organ');
  await chosenOrgan.locator('[data-key="100202"]').waitFor();
  assert.equal(await chosenOrgan.locator('[role=checkbox]').count(), 2);

  // a search with no hit, in this mode too
  await searchOrgan(page, '没有这个单位');
  await page.getByTestId('picker-organ-results').getByText('没有相关组织').waitFor();
  await searchOrgan(page, '');

  // three employees by pasted codes; a code that matches nobody stays in the box
  await page.getByTestId('picker-tab-employee').click();
  await page.getByText('每行一个员工编号，每次最多粘贴1000行。').waitFor();
  const lines = page.getByTestId('picker-employee-lines');
  assert.equal(await lines.getAttribute('rows'), '10');
  await lines.fill(' HX000001\nHX000002\n\nHX000003\nHX999999\nHX000001\n');
  await page.getByTestId('picker-add').click();
  await page.getByText('1行未匹配到员工，已保留在输入框中。').waitFor();
  assert.equal(await lines.inputValue(), 'HX999999');
  const chosenPeople = page.getByTestId('picker-chosen-employee');
  assert.equal(await chosenPeople.locator('[role=checkbox]').count(), 3);
  assert.match(await chosenPeople.innerText(), /\(HX000001\)[\s\S]*\(HX000002\)[\s\S]*\(HX000003\)/);

  // a name that matches nobody
  await page.getByTestId('picker-employee-mode').getByText('搜索').click();
  const names = page.getByTestId('picker-employee-search').locator('input');
  await names.fill('查无此人');
  await names.press('Enter');
  await page.getByText('无此姓名员工').first().waitFor();
  // pinyin initials find a person too
  await names.fill('wjg');
  await names.press('Enter');
  const results = page.getByTestId('picker-employee-results');
  await results.getByText('王建国(HX000010)').waitFor();
  await shot(page, 'picker-pinyin-search');

  // delete with nothing ticked warns; tick one employee and delete it
  await page.getByTestId('picker-delete').click();
  await page.getByText('请先勾选要删除的项').first().waitFor();
  await chosenPeople.locator('[data-key="HX000002"]').click();
  assert.equal(await chosenPeople.locator('[data-key="HX000002"]').getAttribute('aria-checked'), 'true');
  await page.getByTestId('picker-delete').click();
  await chosenPeople.locator('[data-key="HX000002"]').waitFor({ state: 'detached' });
  const kept = (await chosenPeople.locator('[role=checkbox]').allInnerTexts()).map((t) => t.split('\n')[0]);
  assert.equal(kept.length, 2);
  await shot(page, 'picker-multiple-chosen');

  await page.getByTestId('picker-ok').click();
  await page.getByTestId('picker-tree').waitFor({ state: 'detached' });
  const result = JSON.parse(await page.getByTestId('picker-demo-result').innerText());
  assert.equal(result.organ, '100201-100202');
  assert.equal(result.organNames, '北京华信物业服务有限公司,上海华信设施管理有限公司');
  assert.equal(result.employee, 'HX000001,HX000003');
  assert.equal(result.employeeNames, kept.map((k) => k.replace(/\(HX\d+\)$/, '')).join(','));
  await shot(page, 'picker-result');

  // reopened with the result; with subordinates included, ticking a company ticks its departments; clear; cancel
  await openPicker(page, 'picker-demo-multiple');
  assert.equal(await page.getByTestId('picker-chosen-organ').locator('[role=checkbox]').count(), 2);
  await page.getByTestId('picker-include-sub').click();
  await openPickerPath(page, ['区域公司']);
  await pickerNode(page, '广州华信信息技术服务有限公司').locator('.ant-tree-title').click();
  await pickerNode(page, '综合管理部').first().waitFor();
  const ticked = page.getByTestId('picker-tree').locator('.ant-tree-treenode-checkbox-checked');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="picker-tree"] .ant-tree-treenode-checkbox-checked').length > 5);
  assert.ok((await ticked.count()) > 5);
  await page.getByTestId('picker-clear').click();
  assert.equal((JSON.parse(await page.getByTestId('picker-demo-result').innerText())).cleared, 1);
  assert.equal(await page.getByTestId('picker-chosen-organ').locator('[role=checkbox]').count(), 0);
  await page.getByTestId('picker-cancel').click();
  await page.getByTestId('picker-tree').waitFor({ state: 'detached' });
  assert.equal(JSON.parse(await page.getByTestId('picker-demo-result').innerText()).employee, 'HX000001,HX000003');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('form controls: units joined with "-", employees with ","; a tag can be removed', async () => {
  const page = await signedIn();
  await page.goto('/test');
  await openPicker(page, 'picker-demo-people', 'picker-tab-employee');
  assert.equal(await page.getByTestId('picker-tab-organ').count(), 0);
  await page.getByText('已选人群').waitFor();
  await page.getByTestId('picker-employee-lines').fill('HX000010\nHX000011');
  await page.getByTestId('picker-add').click();
  await page.getByTestId('picker-chosen-employee').locator('[data-key="HX000011"]').waitFor();
  await page.getByTestId('picker-ok').click();
  await page.getByTestId('picker-chosen-employee').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('picker-demo-people-value').innerText(), '"HX000010,HX000011"');
  assert.match(await page.getByTestId('picker-demo-people').innerText(), /\(HX000010\)[\s\S]*\(HX000011\)/);

  await openPicker(page, 'picker-demo-units');
  await openPickerPath(page, ['华信服务股份有限公司']);
  for (const name of ['战略发展部', '信息中心']) await pickerNode(page, name).locator('.ant-tree-title').click();
  await page.getByTestId('picker-add').click();
  await page.getByTestId('picker-ok').click();
  await page.getByTestId('picker-tree').waitFor({ state: 'detached' });
  assert.equal(await page.getByTestId('picker-demo-units-value').innerText(), '"100103-100109"');
  await page.getByTestId('picker-demo-units').locator('.ant-select-selection-item-remove').first().click();
  assert.equal(await page.getByTestId('picker-demo-units-value').innerText(), '"100109"');
  assert.equal(await page.getByTestId('picker-tree').count(), 0, 'removing a tag does not open the picker');
  await shot(page, 'picker-controls');
  assert.deepEqual(page.errors, []);
  await page.close();
});
