// Yearly training plans from the screens only (issue 30): an administrator adds a plan for 北京华信物业服务有限公司 with
// planned classes and hours, finds it by its words, creates a class linked to it on the class screen, and sees the class
// under the plan with its progress; the 'training plans' export holds the row the screen shows. Screenshots at 1440 px.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, row, exportFile, zipText, pickOrgUnit } from './helpers.mjs';

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

const pad = (n) => String(n).padStart(2, '0');
const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

test('an administrator plans a year for a unit and links a class to the plan from the screens', async () => {
  const PLAN = 'E2E 年度投标能力提升计划';
  const CLASS = 'E2E 计划内培训班';
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await admin.waitForURL((u) => new URL(u).pathname !== '/login');

  await admin.goto('/training_plan');
  await admin.getByTestId('plan-page').waitFor();
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-plans');
  await admin.getByTestId('plan-add').click();
  await dialogSettled(admin);
  await pickOrgUnit(admin, 'plan-form-unit', ['区域公司', '北京华信物业服务有限公司']);
  await admin.getByTestId('plan-form-title').fill(PLAN);
  await admin.getByTestId('plan-form-classes').fill('2');
  await admin.getByTestId('plan-form-hours').fill('16');
  await admin.getByTestId('plan-form-remark').fill('全年两期，覆盖投标岗位');
  await shot(admin, 'training-plan-form');
  await admin.getByTestId('plan-ok').click();
  await row(admin, PLAN).waitFor();
  await admin.getByTestId('plan-keyword').locator('input').fill('投标能力提升');
  await admin.getByTestId('plan-keyword').locator('input').press('Enter');
  // the filtered answer replaces the rows: wait for it rather than count the rows shown before it came
  await admin.waitForFunction(() => document.querySelectorAll('.ant-table-row').length === 1, null, { timeout: 10000 }).catch(() => {});
  await admin.locator('.ant-table-row').filter({ hasText: PLAN }).waitFor();
  assert.equal(await admin.locator('.ant-table-row').count(), 1, 'the words find the plan alone');
  const planRow = row(admin, PLAN);
  assert.match(await planRow.innerText(), /北京华信物业服务有限公司/);
  assert.match(await planRow.innerText(), /0 \/ 2/);

  // a class linked to the plan on the class screen
  await admin.goto('/training_class');
  await admin.locator('.ant-table-row').first().waitFor();
  await admin.getByTestId('class-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('class-name').fill(CLASS);
  await admin.getByTestId('class-plan').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: PLAN }).click();
  await pickOrgUnit(admin, 'class-unit', ['区域公司', '北京华信物业服务有限公司']);
  const today = new Date();
  const period = admin.getByTestId('class-form').locator('.ant-picker-range input');
  await period.first().click();
  await admin.keyboard.type(day(today));
  await admin.keyboard.press('Enter');
  await period.nth(1).click();
  await admin.keyboard.type(day(new Date(today.getTime() + 7 * 86400_000)));
  await admin.keyboard.press('Enter');
  await shot(admin, 'training-plan-class-form');
  await admin.getByTestId('class-ok').click();
  await admin.getByTestId('class-detail').waitFor();

  // the plan shows its class
  await admin.goto('/training_plan');
  await admin.getByTestId('plan-keyword').locator('input').fill('投标能力提升');
  await admin.getByTestId('plan-keyword').locator('input').press('Enter');
  await row(admin, PLAN).waitFor();
  await row(admin, PLAN).locator('.ant-table-row-expand-icon').click();
  await admin.locator('[data-testid^="plan-class-list-"]').getByText(CLASS).waitFor();
  await shot(admin, 'training-plan-classes');

  const file = await exportFile(admin, '**/api/training/plan/export**');
  const text = zipText(file.body);
  for (const s of [PLAN, '北京华信物业服务有限公司', '全年两期']) assert.ok(text.includes(s), `the plans export holds ${s}`);
  assert.deepEqual(admin.errors, []);
});
