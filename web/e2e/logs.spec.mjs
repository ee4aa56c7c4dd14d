// The business and exception logs in a real browser: an edit in user management shows up in /business_log with
// who, what, before and after; the list exports a real .xlsx; /exception_log searches by request id.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, row, exportFile } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('an admin edit appears in the business log with its record before and after, and the log exports', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');

  // Edit libadmin's mobile number in user management.
  await page.goto('/sysuser');
  await row(page, 'libadmin').waitFor();
  await page.getByTestId('edit-libadmin').click();
  await dialogSettled(page);
  const old = await page.getByTestId('user-phone').inputValue();
  const phone = old === '13700137000' ? '13700137001' : '13700137000';
  await page.getByTestId('user-phone').fill(phone);
  await page.getByTestId('user-dialog').getByRole('button', { name: /确\s*认/ }).click();
  await page.getByTestId('user-dialog').waitFor({ state: 'hidden' });

  // The business log: newest first, the edit on top.
  await page.goto('/business_log');
  await page.getByTestId('search-card').getByText('筛选查询').waitFor();
  const first = page.locator('.ant-table-row').first();
  await first.waitFor();
  assert.match(await first.innerText(), /admin[\s\S]*系统管理员[\s\S]*用户管理[\s\S]*修改[\s\S]*libadmin/);
  await shot(page, 'business-log');

  // Search: module and user; the URL keeps the filters.
  await page.getByTestId('search-module').click();
  await page.keyboard.type('用户管理');
  await page.locator('.ant-select-item-option', { hasText: '用户管理' }).first().click();
  await page.getByTestId('search-user').fill('admin');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/module=sysuser/);
  await page.waitForURL(/user=admin/);
  // the filtered page replaces the whole list (the unfiltered one may still show for a moment)
  await page.waitForFunction(() => {
    const rows = [...document.querySelectorAll('.ant-table-row')].map((r) => r.textContent ?? '');
    return rows.length > 0 && rows.every((t) => t.includes('用户管理'));
  });
  await row(page, 'libadmin').first().waitFor();
  const texts = await page.locator('.ant-table-row').allInnerTexts();
  assert.ok(texts.length >= 1 && texts.every((t) => t.includes('用户管理') && t.includes('admin')), texts.join('\n'));

  // The detail: before and after side by side, the changed field highlighted, unchanged ones on request.
  await page.locator('.ant-table-row').first().locator('[data-testid^=detail-]').click();
  const detail = page.getByTestId('business-log-detail');
  const phoneRow = detail.locator('.ant-table-row', { hasText: '手机号码' });
  await phoneRow.waitFor();
  await dialogSettled(page);
  const cells = await phoneRow.locator('td').allInnerTexts();
  assert.deepEqual(cells.map((c) => c.trim()), ['手机号码', old || '-', phone]);
  assert.notEqual(await phoneRow.locator('td').first().evaluate((td) => getComputedStyle(td).backgroundColor), 'rgba(0, 0, 0, 0)');
  assert.equal(await detail.locator('.ant-table-row', { hasText: '登录账号' }).count(), 0, 'unchanged fields are hidden at first');
  await shot(page, 'business-log-detail');
  await page.getByTestId('changed-only').click();
  await detail.locator('.ant-table-row', { hasText: '登录账号' }).waitFor();
  assert.match(await detail.locator('.ant-table-row', { hasText: '登录账号' }).innerText(), /libadmin\s+libadmin/);
  assert.doesNotMatch(await detail.innerText(), /password|argon2/i);
  await page.keyboard.press('Escape');
  await detail.waitFor({ state: 'hidden' });

  // Export: a ticket, then the workbook in a new window, with the list's filters.
  const { url, body, headers } = await exportFile(page, '**/api/sys/businessLog/export**');
  assert.equal(body.subarray(0, 2).toString(), 'PK');
  assert.match(headers['content-type'], /spreadsheetml/);
  assert.match(headers['content-disposition'], /^attachment; .*filename\*=UTF-8''%E4%B8%9A%E5%8A%A1%E6%97%A5%E5%BF%97_\d{14}\.xlsx$/);
  assert.ok(!url.includes('AccessToken'), 'the export URL must not carry the session token');
  assert.match(url, /ticket=[0-9a-f]{64}/);
  assert.match(url, /module=sysuser/);
  assert.match(url, /user=admin/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the exception log searches by request id and never shows a stack', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/exception_log');
  await page.getByTestId('table-card').getByText('数据列表').waitFor();
  await page.getByTestId('search-requestId').fill('0123456789ab');
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/requestId=0123456789ab/);
  await page.getByTestId('table-card').locator('.ant-empty').waitFor();
  await shot(page, 'exception-log');
  assert.doesNotMatch(await page.content(), /goroutine/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
