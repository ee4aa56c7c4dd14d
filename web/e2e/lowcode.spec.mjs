// Low-code in a real browser, from the screens alone: an administrator designs a dynamic table (codes generated from the
// titles, a user choice, a dictionary chosen from the list, money and date fields), adds, finds and deletes rows on its
// generated screen, builds a dataset over it by clicking the table's name and field codes in the list of tables one
// may query (a refusal explained in place), then a report with a bar chart that a staff role (a reader of the table)
// runs from its side menu.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, signedIn, shot, dialogSettled, confirmIrreversible, row } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

async function pick(page, testId, keyword, text) {
  await page.getByTestId(testId).click();
  if (keyword) await page.keyboard.type(keyword);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();
  await option.waitFor();
  await page.waitForTimeout(300);
  await option.click();
}

test('a dynamic table is designed, filled through its screen, read by a dataset and reported to staff', async () => {
  const admin = await signedIn(browser, 'admin', 'Admin@123');
  await admin.goto('/dtable');
  await admin.getByRole('tab', { name: '表格设计' }).click();
  await admin.getByTestId('dt-def-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('dt-def-name').fill('投标项目台账');
  await pick(admin, 'dt-def-read', '员工', '员工');
  await admin.keyboard.press('Escape');
  // The code follows the title (pinyin initials) until it is typed; the dictionary is chosen from a list.
  await admin.getByTestId('dt-f-name-0').fill('项目名称');
  assert.equal(await admin.getByTestId('dt-f-code-0').inputValue(), 'xmmc');
  await admin.getByTestId('dt-f-required-0').check();
  await admin.getByTestId('dt-f-searchable-0').check();
  await admin.getByTestId('dt-f-add').click();
  await admin.getByTestId('dt-f-name-1').fill('负责人');
  assert.equal(await admin.getByTestId('dt-f-code-1').inputValue(), 'fzr');
  await admin.getByTestId('dt-f-code-1').fill('owner');
  await pick(admin, 'dt-f-show-1', '', '单选人员');
  await admin.getByTestId('dt-f-add').click();
  await admin.getByTestId('dt-f-name-2').fill('性别');
  await pick(admin, 'dt-f-dict-2', '性别', '性别（gender）');
  await admin.getByTestId('dt-f-add').click();
  await admin.getByTestId('dt-f-name-3').fill('投标金额');
  await pick(admin, 'dt-f-type-3', '', '金额');
  await admin.getByTestId('dt-f-add').click();
  await admin.getByTestId('dt-f-name-4').fill('开标日期');
  await pick(admin, 'dt-f-type-4', '', '日期');
  assert.deepEqual(
    await Promise.all([2, 3, 4].map((i) => admin.getByTestId(`dt-f-code-${i}`).inputValue())),
    ['xb', 'tbje', 'kbrq'],
  );
  // The headers stay on one line (no title wrapped one character per line).
  const headerHeight = await admin.locator('[data-testid="dt-def-form"] .ant-table-thead th').evaluateAll((ths) => Math.max(...ths.map((th) => th.getBoundingClientRect().height)));
  assert.ok(headerHeight < 48, `designer header ${headerHeight}px high`);
  await shot(admin, 'dtable-design');
  await admin.getByTestId('dt-def-ok').click();
  await row(admin, '投标项目台账').waitFor();

  // The generated screen: add two records with the user picker and the dictionary select.
  await admin.getByRole('tab', { name: '数据' }).click();
  await pick(admin, 'dt-table-select', '', '投标项目台账');
  for (const [title, gender, amount] of [["O'Brien 项目", '男', '1234.5'], ['第二个项目', '女', '']]) {
    await admin.getByTestId('dt-row-add').click();
    await dialogSettled(admin);
    await admin.getByTestId('dt-field-xmmc').fill(title);
    await pick(admin, 'dt-field-owner', '张晓', '张晓东(staff)');
    await pick(admin, 'dt-field-xb', '', gender);
    if (amount) {
      await admin.getByTestId('dt-field-tbje').fill(amount);
      await admin.getByTestId('dt-field-kbrq').click();
      await admin.getByTestId('dt-field-kbrq').fill('2025-03-01');
      await admin.keyboard.press('Enter');
    }
    await admin.getByTestId('dt-row-ok').click();
    await row(admin, title).waitFor();
  }
  assert.match(await row(admin, "O'Brien 项目").innerText(), /张晓东[\s\S]*男[\s\S]*1,234\.50[\s\S]*2025-03-01/);
  await shot(admin, 'dtable-rows');

  // The search card comes from the searchable field.
  await admin.getByLabel('项目名称').fill('第二');
  await admin.getByRole('button', { name: /查\s*询/ }).click();
  await row(admin, "O'Brien 项目").waitFor({ state: 'detached' });
  await row(admin, '第二个项目').waitFor();

  // Delete asks first.
  const id = await row(admin, '第二个项目').locator('[data-testid^="dt-row-delete-"]').getAttribute('data-testid');
  await admin.getByTestId(id).click();
  await confirmIrreversible(admin);
  await row(admin, '第二个项目').waitFor({ state: 'detached' });

  // The import dialog of the table: its template and a check before the import.
  await admin.getByTestId('dt-import').click();
  await dialogSettled(admin);
  await admin.getByText('导入到投标项目台账').waitFor();
  await admin.getByTestId('dt-import-template').waitFor();
  await admin.keyboard.press('Escape');

  // A dataset over the table built by clicking its name and field codes in the list of tables one may query.
  await admin.goto('/dataset_manager');
  await admin.getByTestId('ds-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('ds-name').fill('项目清单');
  await admin.getByTestId('ds-cat-table-投标项目台账').waitFor();
  await admin.getByTestId('ds-sql').click();
  await admin.keyboard.type('SELECT ');
  await admin.getByTestId('ds-cat-col-投标项目台账-xmmc').click();
  await admin.keyboard.type(', ');
  await admin.getByTestId('ds-cat-col-投标项目台账-tbje').click();
  await admin.keyboard.type(' FROM ');
  await admin.getByTestId('ds-cat-table-投标项目台账').click();
  await admin.keyboard.type(' WHERE xmmc <> :skip');
  assert.equal(await admin.getByTestId('ds-sql').inputValue(), 'SELECT xmmc, tbje FROM 投标项目台账 WHERE xmmc <> :skip');
  await admin.getByTestId('ds-sample-0').fill('无');
  await admin.getByTestId('ds-test').click();
  await admin.getByTestId('ds-result').getByText("O'Brien 项目").waitFor();
  await admin.getByTestId('ds-result').getByText('1234.5').waitFor();
  await shot(admin, 'dataset-design');
  // Refusals are explained in place, in the user's language.
  await admin.getByTestId('ds-sql').fill('SELECT nope FROM 投标项目台账 WHERE xmmc <> :skip');
  await admin.getByTestId('ds-test').click();
  await admin.getByTestId('ds-error').getByText('没有列“nope”', { exact: false }).waitFor();
  await shot(admin, 'dataset-refused');
  await admin.getByTestId('ds-sql').fill('DELETE FROM sys_user');
  await admin.getByTestId('ds-test').click();
  await admin.getByTestId('ds-error').getByText('只能是 SELECT 或 WITH 查询').waitFor();
  await admin.getByTestId('ds-sql').fill('SELECT xmmc, tbje FROM 投标项目台账 WHERE xmmc <> :skip');
  await admin.getByTestId('ds-ok').click();
  await row(admin, '项目清单').waitFor();

  // A report over the dataset: its columns follow the dataset; a total, a bar chart, the staff role, the side menu.
  await admin.goto('/dreport');
  await admin.getByTestId('dr-def-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('dr-def-name').fill('项目报表');
  await pick(admin, 'dr-def-dataset', '', '项目清单');
  await admin.getByTestId('dr-col-title-1').waitFor();
  await admin.getByTestId('dr-col-title-0').fill('项目');
  await admin.getByTestId('dr-col-title-1').fill('投标金额');
  await admin.getByTestId('dr-col-total-1').check();
  await pick(admin, 'dr-def-chart', '', '柱状图');
  await pick(admin, 'dr-def-chart-x', '', '项目');
  await pick(admin, 'dr-def-chart-y', '', '投标金额');
  await admin.keyboard.press('Escape');
  await pick(admin, 'dr-def-roles', '员工', '员工');
  await admin.keyboard.press('Escape');
  await admin.getByTestId('dr-def-menu').click();
  await shot(admin, 'dreport-design');
  await admin.getByTestId('dr-def-ok').click();
  await row(admin, '项目报表').waitFor();

  // Staff (role 员工) reach it from their side menu: the chart, the rows and the total.
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.getByTestId('user-menu').click();
  await staff.getByTestId('menu-enter-admin').click();
  await staff.getByTestId('side-menu').getByRole('link', { name: '项目报表' }).click();
  await staff.getByTestId('dr-chart').locator('rect').first().waitFor();
  await row(staff, "O'Brien 项目").waitFor();
  assert.match(await staff.getByTestId('dr-totals').innerText(), /合计[\s\S]*1,?234\.5/);
  await shot(staff, 'dreport-run');

  // Deleted after the confirmation, it leaves the menus (the later specs' staff have no admin screen).
  await admin.getByTestId('dr-def-delete-项目报表').click();
  await confirmIrreversible(admin);
  await row(admin, '项目报表').waitFor({ state: 'detached' });
});
