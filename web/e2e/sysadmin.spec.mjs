// System administration in a real browser: user management, role menus, disabling, the login log and its export.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, confirmIrreversible, dialogSettled, waitPath, row, pickOrgUnit, exportFile, nextCallSignsOut, firstSignIn } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('admin creates a user with a role; the user sees exactly that role\'s menus; disabling ends their session', async () => {
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/sysuser');
  await row(admin, 'libadmin').waitFor();
  await admin.getByTestId('search-card').getByText('筛选查询').waitFor();
  await admin.getByTestId('table-card').getByText('数据列表').waitFor();
  await shot(admin, 'sysuser-list');

  // Batch actions with nothing ticked warn instead of calling the server.
  await admin.getByTestId('user-delete').click();
  await admin.getByText('请先勾选要删除的项').first().waitFor();

  // An empty form is refused with the generic message and the field messages.
  await admin.getByTestId('user-add').click();
  await dialogSettled(admin);
  const dialog = admin.getByTestId('user-dialog');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await admin.getByText('请按提示完善表单后再提交').first().waitFor();
  await dialog.getByText('请输入登录账号').waitFor();
  await admin.getByTestId('user-loginCode').fill('e2e.lib');
  await admin.getByTestId('user-userName').fill('赵测试');
  await pickOrgUnit(admin, 'user-unit', ['华信服务集团', '华信服务股份有限公司', '投标支持中心']);
  await admin.getByTestId('user-phone').fill('12345');
  await dialog.getByText('请输入正确的手机号码').waitFor();
  await admin.getByTestId('user-phone').fill('13800138000');
  await admin.getByTestId('user-email').fill('zhao.test@huaxin-demo.cn');
  await admin.getByTestId('user-password').fill('Start#2024');
  await admin.getByTestId('user-roles').click();
  await admin.locator('.ant-select-item-option', { hasText: '资料库管理员' }).click();
  await admin.keyboard.press('Escape');
  await shot(admin, 'sysuser-dialog');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await row(admin, 'e2e.lib').waitFor();
  assert.match(await row(admin, 'e2e.lib').innerText(), /投标支持中心[\s\S]*资料库管理员[\s\S]*可用/);

  // Search by unit (with its sub-units) and name; the URL keeps the filters, so reload shows the same list.
  await admin.getByTestId('search-userName').fill('赵测'); // a part of the name only this account has (the demo has 150 more)
  await admin.getByTestId('search-submit').click();
  await admin.waitForURL(/userName=/);
  await admin.reload();
  await row(admin, 'e2e.lib').waitFor();
  assert.equal(await admin.locator('.ant-table-row').count(), 1);
  await admin.getByTestId('search-reset').click();
  await row(admin, 'libadmin').waitFor();

  // The new user signs in, changes the initial password, and sees the library administrator's menus only.
  const user = await firstSignIn(browser, 'e2e.lib', 'Start#2024', 'Mine#2024x');
  const menus = await user.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')).sysMenus.map((m) => m.code));
  // the library administrator's role also holds the reward and statistics screens (built now)
  assert.deepEqual(menus, ['welcome', 'library', 'expert', 'portal', 'reward', 'stats']);
  await user.goto('/welcome');
  await user.getByTestId('side-menu').getByText('标书资料库').waitFor();
  assert.equal(await user.getByTestId('side-menu').getByText('系统管理').count(), 0);
  await shot(user, 'libadmin-menus');
  await user.goto('/sysuser');
  await user.getByTestId('forbidden').waitFor();

  // The administrator disables the user: the user's next call sends them to /login.
  await admin.getByTestId('state-e2e.lib').click();
  await row(admin, 'e2e.lib').getByText('禁用').waitFor();
  await nextCallSignsOut(user);
  await user.context().close();

  // Delete asks first.
  await row(admin, 'e2e.lib').getByTestId('delete-e2e.lib').click();
  await confirmIrreversible(admin, { screenshot: 'sysuser-confirm-delete' });
  await row(admin, 'e2e.lib').waitFor({ state: 'detached' });
  assert.deepEqual(admin.errors, []);
  await admin.context().close();
});

test('the login log lists the sign-ins, filters them, and exports a real .xlsx', async () => {
  const bad = await newPage(browser);
  await login(bad, 'staff', 'Wrong#999');
  await bad.getByText('账号或密码错误').first().waitFor();
  await bad.context().close();

  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/login_log');
  await row(page, 'e2e.lib').first().waitFor();
  await shot(page, 'login-log');

  await page.getByTestId('search-loginCode').fill('staff');
  await page.getByTestId('search-result').click();
  await page.locator('.ant-select-item-option', { hasText: '失败' }).click();
  await page.getByTestId('search-submit').click();
  await page.waitForURL(/result=failure/);
  await row(page, '系统管理员').first().waitFor({ state: 'detached' });
  await row(page, '密码错误').first().waitFor();
  const texts = await page.locator('.ant-table-row').allInnerTexts();
  assert.ok(texts.length >= 1 && texts.every((t) => t.includes('staff') && t.includes('失败')), texts.join('\n'));
  await shot(page, 'login-log-filtered');

  // Export: a ticket, then the file opens in a new window and downloads.
  const { url, body, headers } = await exportFile(page, '**/api/sys/loginLog/export**');
  assert.equal(body.subarray(0, 2).toString(), 'PK');
  assert.match(headers['content-disposition'], /^attachment; .*filename\*=UTF-8''%E7%99%BB%E5%BD%95%E6%97%A5%E5%BF%97_\d{14}\.xlsx$/);
  assert.ok(!url.includes('AccessToken'), 'the export URL must not carry the session token');
  assert.match(url, /ticket=[0-9a-f]{64}/);
  assert.match(url, /loginCode=staff/);
  assert.match(url, /result=failure/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
