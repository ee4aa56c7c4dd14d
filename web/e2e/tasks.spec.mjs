// The scheduled tasks in a real browser: an administrator changes a schedule (a bad one is refused with its
// reason, a good one shows its meaning and next five times before saving), runs a task now and finds the run
// in the task log.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, row } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('an administrator reschedules a task, runs it now and finds its log line', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');

  await page.goto('/task_manager');
  await page.getByTestId('task-name-purge_sessions').waitFor();
  await page.getByTestId('task-edit-purge_sessions').click();
  await dialogSettled(page);
  const cron = page.getByTestId('task-form-cron');

  // more often than once a minute: refused with the reason, before saving
  await cron.fill('*/10 * * * * *');
  await page.getByTestId('cron-error').getByText('执行频率不能高于每分钟一次').waitFor();
  await cron.fill('61 * * *');
  await page.getByTestId('cron-error').getByText(/Cron 表达式无法解析/).waitFor();

  // a good one: its meaning and its next five times
  await cron.fill('15 4 * * 1-5');
  await page.getByTestId('cron-words').waitFor();
  await page.locator('[data-testid=cron-next] li').nth(4).waitFor();
  const times = await page.locator('[data-testid=cron-next] li').allInnerTexts();
  assert.equal(times.length, 5);
  for (const at of times) assert.match(at, /^\d{4}-\d{2}-\d{2} 04:15:00$/);
  assert.match(await page.getByTestId('cron-words').innerText(), /04:15/);
  await shot(page, 'task-edit');
  await page.getByTestId('task-form-save').click();
  await page.getByTestId('task-form-save').waitFor({ state: 'hidden' });
  await row(page, 'purge_sessions').getByText('15 4 * * 1-5').waitFor();

  // run now, then the log: the run with its outcome and message
  await page.getByTestId('task-run-purge_sessions').click();
  await page.getByTestId('task-log-purge_sessions').click();
  await page.waitForURL(/\/task_log\?task=purge_sessions/);
  // the run is written when it starts and again when it ends: look again until it shows its outcome (the
  // manager's rows may still be on the page for a moment: the run's own row is the one to read)
  const first = page.locator('.ant-table-row', { hasText: /手动执行/ }).first();
  for (let i = 0; i < 60; i++) {
    if ((await first.count()) && /成功/.test(await first.innerText())) break;
    await page.waitForTimeout(500);
    await page.reload();
    await page.waitForLoadState('networkidle');
  }
  const text = await first.innerText();
  assert.match(text, /清理过期会话与下载凭证[\s\S]*手动执行 \(admin\)[\s\S]*成功/);
  assert.match(text, /删除下载凭证 \d+ 个、会话 \d+ 个/);
  await shot(page, 'task-log');
});
