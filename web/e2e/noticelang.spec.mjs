// Issue 28: the portal header's 需求征集 entry and notices in the reader's language. The demo staff member reaches
// demand collection from the header (1440 px menu, 390 px tabs), submits a demand to a demo collection; the
// administrator answers it on /demandcollection; the staff member reads the answer's notice in zh-CN with the spec's
// words, switches the language and reads the same notice in English.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, shot, dialogSettled, signedIn, row, login, waitPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

const COLLECTION = '资质证书续期需求摸底';

test('staff reaches demands from the portal header and reads the answer in either language', async () => {
  const demand = `E2E 需要安全生产许可证续期材料 ${Date.now()}`;
  const answer = '续期材料清单已放入资料库，请按清单准备。';
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  // the header's entry, between 消息 and 学习课程
  const header = staff.locator('header.bd-header .ant-menu');
  await header.getByText('需求征集', { exact: true }).waitFor();
  const entries = async (page) =>
    (await page.locator('header.bd-header .ant-menu .ant-menu-title-content').allInnerTexts()).map((s) => s.split('\n')[0]);
  assert.deepEqual(await entries(staff), ['门户首页', '搜索', '消息', '需求征集', '学习课程', '我的培训']);
  await header.getByText('需求征集', { exact: true }).click();
  await waitPath(staff, '/gatewayDemand');
  await staff.getByRole('heading', { name: '需求征集', exact: true }).waitFor();
  const entry = staff.getByTestId('demand-open').locator('.ant-list-item', { hasText: COLLECTION });
  await entry.waitFor();
  await shot(staff, 'notice-demands-1440');
  await entry.getByRole('button', { name: '提交需求' }).click();
  const drawer = staff.getByTestId('demand-drawer');
  await drawer.getByTestId('demand-content').fill(demand);
  await drawer.getByTestId('demand-submit').click();
  await drawer.locator('[data-testid^="demand-mine-"]').filter({ hasText: demand }).waitFor();
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });

  // the administrator answers it from the collection's demands
  const admin = await signedIn(browser, 'admin', 'Admin@123');
  await admin.goto('/demandcollection');
  await row(admin, COLLECTION).locator('[data-testid^="demand-items-"]').click();
  const item = admin.getByTestId('demand-items').locator('.ant-table-row', { hasText: demand });
  await item.waitFor();
  await item.locator('[data-testid^="demand-answer-one-"]').click();
  const answerDialog = admin.getByTestId('demand-answer-dialog');
  await dialogSettled(admin);
  await admin.getByTestId('demand-answer-state-done').click();
  await admin.getByTestId('demand-answer-text').fill(answer);
  await admin.getByTestId('demand-answer-ok').click();
  await answerDialog.waitFor({ state: 'hidden' });
  await item.getByText('已完成').waitFor();

  // the staff member reads the notice in zh-CN (the spec's words) ...
  await staff.locator('header.bd-header .ant-menu').getByRole('menuitem', { name: /^消息/ }).click();
  await waitPath(staff, '/gatewayMsg');
  const zh = staff.locator('[data-testid^="msg-item-"]', { hasText: demand.slice(0, 20) }).first();
  await zh.waitFor();
  const zhText = await zh.innerText();
  assert.match(zhText, /您的需求已答复：已完成/);
  assert.match(zhText, new RegExp(`征集「${COLLECTION}」中您提交的需求`));
  assert.match(zhText, new RegExp(`答复：${answer}`));
  await shot(staff, 'notice-zh');
  // ... and, switched to English, the same notice in English (the names stay as written)
  await staff.getByTestId('lang-switch').click();
  const en = staff.locator('[data-testid^="msg-item-"]', { hasText: 'Your demand has been answered: Done' }).filter({ hasText: demand.slice(0, 20) }).first();
  await en.waitFor();
  const enText = await en.innerText();
  assert.match(enText, new RegExp(`to '${COLLECTION}' has been answered; state: Done\\.`));
  assert.match(enText, new RegExp(`Answer: ${answer}`));
  assert.doesNotMatch(enText, /您的需求已答复|状态：/);
  // the header's entry in English
  await staff.locator('header.bd-header .ant-menu').getByText('Demands', { exact: true }).waitFor();
  assert.deepEqual(await entries(staff), ['Portal home', 'Search', 'Messages', 'Demands', 'Courses', 'My training']);
  await shot(staff, 'notice-en');

  // a phone: the entry is one of the tabs under the header, and the page fits 390 px
  const phone = await newPage(browser, { width: 390, height: 844 });
  await login(phone, 'staff', 'Staff@123');
  await waitPath(phone, '/gateway');
  await phone.getByTestId('portal-tabs').getByText('需求征集', { exact: true }).click();
  await waitPath(phone, '/gatewayDemand');
  await phone.getByTestId('demand-open').waitFor();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 390 px`);
  await shot(phone, 'notice-demands-390');
  assert.deepEqual(staff.errors, []);
  assert.deepEqual(admin.errors, []);
  assert.deepEqual(phone.errors, []);
});
