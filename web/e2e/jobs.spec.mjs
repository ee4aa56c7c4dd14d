// Long work in the background: an administrator imports an organisation workbook, sees its progress, leaves the page,
// and finds the job again under "my jobs" in the user menu, done.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch, newPage, login, shot, dialogSettled, waitPath, row } from './helpers.mjs';

const fixture = (name) => join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name);

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('an organisation import runs as a job: progress, leave the page, find it again under my jobs', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/organization_manager');
  await row(page, '华信服务集团').first().waitFor();

  await page.getByTestId('org-import').first().click();
  await dialogSettled(page);
  await page.getByTestId('org-import-file').locator('input[type=file]').setInputFiles(fixture('org-import-good.xlsx'));
  await page.getByTestId('org-import-check').click();
  await page.getByTestId('org-import-clean').waitFor();
  await page.getByTestId('org-import-run').click();
  // the job's progress: a bar and its state, with the hint that the page may be left
  await page.getByTestId('job-progress').waitFor();
  await page.getByTestId('job-bar').first().waitFor();
  assert.match(await page.getByTestId('job-progress').innerText(), /排队中|执行中|已完成/);
  await shot(page, 'jobs-progress');

  // leave the page for another one
  await page.goto('/gateway');
  await waitPath(page, '/gateway');

  // my jobs, from the user menu: the import is there, done
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-my-jobs').click();
  const jobs = page.getByTestId('my-jobs');
  await jobs.waitFor();
  const first = jobs.locator('.ant-table-row').first();
  await first.getByText('组织与员工导入').waitFor();
  await first.locator('[data-testid="job-state"][data-state="done"]').waitFor({ timeout: 30_000 });
  assert.match(await first.innerText(), /org-import-good\.xlsx/);
  assert.match(await first.innerText(), /已完成/);
  await shot(page, 'jobs-mine');

  // the import took effect
  await page.goto('/organization_manager');
  await page.getByTestId('search-unitName').fill('杭州华信样例');
  await page.getByTestId('search-submit').click();
  await row(page, '100299').waitFor();
  assert.deepEqual(page.errors, []);
});

test('an export over the threshold runs as a job: progress, then the file downloads', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');

  // lower the threshold on the system parameter screen (restored at the end: the lane's later specs export at once)
  const editThreshold = async () => {
    await page.goto('/sys_config');
    await page.getByTestId('search-keywords').fill('export.background_rows');
    await page.getByTestId('search-submit').click();
    await page.getByTestId('param-edit-export.background_rows').click();
    await dialogSettled(page);
  };
  await editThreshold();
  await page.getByTestId('param-form-value').fill('1');
  await page.getByTestId('param-form-ok').click();
  await page.getByTestId('param-form-value').waitFor({ state: 'hidden' });
  await page.getByTestId('param-value-export.background_rows').getByText('1', { exact: true }).waitFor();
  try {
    await page.goto('/business_log');
    await page.locator('.ant-table-row').nth(1).waitFor();
    await page.getByTestId('list-export').click();
    // the job's progress in a dialog, then the file
    const dialog = page.getByTestId('export-job');
    await dialog.getByTestId('job-progress').waitFor();
    await dialog.locator('[data-testid="job-state"][data-state="done"]').waitFor({ timeout: 30_000 });
    assert.match(await dialog.getByTestId('job-export-ready').innerText(), /文件已生成，共 \d+ 行/);
    await shot(page, 'jobs-export-ready');
    const downloaded = new Promise((resolve) => {
      page.context().route('**/api/sys/job/file**', async (route) => {
        const response = await route.fetch();
        resolve({ url: route.request().url(), status: response.status(), body: await response.body(), headers: response.headers() });
        await route.fulfill({ response });
      });
    });
    await dialog.getByTestId('job-file').click();
    const { url, status, body, headers } = await downloaded;
    assert.equal(status, 200);
    assert.equal(body.subarray(0, 2).toString(), 'PK');
    assert.match(headers['content-disposition'], /^attachment; .*filename\*=UTF-8''%E4%B8%9A%E5%8A%A1%E6%97%A5%E5%BF%97_\d{14}\.xlsx$/);
    assert.ok(url.includes('ticket=') && !url.includes('AccessToken'), 'the file opens with a ticket');
    await page.keyboard.press('Escape');

    // my jobs lists the export with its file
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-my-jobs').click();
    const first = page.getByTestId('my-jobs').locator('.ant-table-row').first();
    await first.getByText('导出').first().waitFor();
    await first.getByTestId('job-file').waitFor();
    await shot(page, 'jobs-export-mine');
    await page.keyboard.press('Escape');
  } finally {
    await editThreshold();
    await page.getByTestId('param-form-reset').click();
    await page.getByTestId('param-form-value').waitFor({ state: 'hidden' });
  }
  assert.deepEqual(page.errors, []);
});
