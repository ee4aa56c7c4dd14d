// The organisation screen in a real browser: lists, and the Excel import with its dry run.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, login, shot, dialogSettled, waitPath, row } from './helpers.mjs';

const fixture = (name) => join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('admin checks a bad workbook (every bad row listed, nothing written), then imports a good one', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/organization_manager');
  await row(page, '华信服务集团').first().waitFor();
  await shot(page, 'org-units');

  await page.getByTestId('org-import').first().click();
  await dialogSettled(page);
  // the import button waits for a clean check
  assert.equal(await page.getByTestId('org-import-run').isDisabled(), true);
  await page.getByTestId('org-import-file').locator('input[type=file]').setInputFiles(fixture('org-import-bad.xlsx'));
  await page.getByTestId('org-import-check').click();
  await page.getByTestId('org-import-problems').waitFor();
  const problems = await page.locator('.ant-modal .ant-table-row').allInnerTexts();
  assert.ok(problems.some((p) => p.includes('组织编码「888001」必须以上级编码「100299」开头且更长')), problems.join('\n'));
  assert.ok(problems.some((p) => p.includes('手机号格式不正确')), problems.join('\n'));
  assert.ok(problems.some((p) => p.includes('组织「100277」不存在')), problems.join('\n'));
  assert.equal(await page.getByTestId('org-import-run').isDisabled(), true);
  await shot(page, 'org-import-problems');

  await page.getByTestId('org-import-file').locator('input[type=file]').setInputFiles(fixture('org-import-good.xlsx'));
  await page.getByTestId('org-import-check').click();
  await page.getByTestId('org-import-clean').waitFor();
  await shot(page, 'org-import-clean');
  await page.getByTestId('org-import-run').click();
  await page.getByText('导入成功').first().waitFor();

  // the new unit and employee are searchable
  await page.getByTestId('search-unitName').fill('杭州华信样例');
  await page.getByTestId('search-submit').click();
  await row(page, '100299').waitFor();
  await page.getByRole('tab', { name: '员工' }).click();
  await page.getByTestId('search-name').fill('样例员工甲');
  await page.getByTestId('search-submit').click();
  await row(page, 'HX990001').waitFor();
  assert.match(await row(page, 'HX990001').innerText(), /样例综合部/);
  await shot(page, 'org-employees');
  assert.deepEqual(page.errors, []);
});
