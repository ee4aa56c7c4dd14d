// Roles in a real browser: the role list (/sysroles), its grants (/rolemanager) and role assignment (/roleusers).
// The spec works on a role it creates itself and gives the demo 'staff' account that role only for its duration.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, confirmIrreversible, dialogSettled, waitPath, row } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

const treeCheck = (page, testId) =>
  page.locator('.ant-tree-treenode', { has: page.getByTestId(testId) }).locator('.ant-tree-checkbox').first();

test('admin creates a role, grants it the login log, assigns staff; staff then sees and opens the login log', async () => {
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');

  // /sysroles: the built-in roles, an empty form refused, then a new role.
  await admin.goto('/sysroles');
  await row(admin, 'sysadmin').waitFor();
  assert.equal(await admin.getByTestId('role-delete-sysadmin').isDisabled(), true);
  await admin.getByTestId('role-add').click();
  await dialogSettled(admin);
  const dialog = admin.getByTestId('role-dialog');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await admin.getByText('请按提示完善表单后再提交').first().waitFor();
  await dialog.getByText('请输入角色编码').waitFor();
  await admin.getByTestId('role-code').fill('1bad');
  await dialog.getByText('角色编码为2-32位字母、数字或下划线，以字母开头').waitFor();
  await admin.getByTestId('role-code').fill('e2e_auditor');
  await admin.getByTestId('role-name').fill('日志审计员');
  await admin.getByTestId('role-remark').fill('只看登录日志');
  await shot(admin, 'sysroles-dialog');
  await dialog.getByRole('button', { name: /确\s*认/ }).click();
  await row(admin, 'e2e_auditor').waitFor();
  assert.match(await row(admin, 'e2e_auditor').innerText(), /日志审计员[\s\S]*只看登录日志[\s\S]*0/);
  // Search by name keeps the filter in the URL.
  await admin.getByTestId('search-name').fill('审计');
  await admin.getByTestId('search-submit').click();
  await admin.waitForURL(/name=/);
  await row(admin, 'sysadmin').waitFor({ state: 'detached' });
  assert.equal(await admin.locator('.ant-table-row').count(), 1);
  await shot(admin, 'sysroles-list');

  // /rolemanager: tick the login log (menu and its function) and save.
  await admin.goto('/rolemanager');
  await admin.getByTestId('pick-role-e2e_auditor').click();
  await admin.getByTestId('grant-menu-login_log').waitFor();
  await treeCheck(admin, 'grant-menu-login_log').click();
  // The menu's function code is folded under it and ticked with it.
  await admin.locator('.ant-tree-treenode', { has: admin.getByTestId('grant-menu-login_log') }).locator('.ant-tree-switcher').click();
  assert.match(await treeCheck(admin, 'grant-fn-login_log').getAttribute('class'), /ant-tree-checkbox-checked/);
  await treeCheck(admin, 'grant-fn-gateway').click();
  await shot(admin, 'rolemanager-grants');
  await admin.getByTestId('grants-save').click();
  await admin.getByText('操作成功').first().waitFor();
  // Reloading shows what was stored.
  await admin.reload();
  await admin.getByTestId('grant-menu-login_log').waitFor();
  assert.match(await treeCheck(admin, 'grant-menu-login_log').getAttribute('class'), /ant-tree-checkbox-checked/);
  assert.doesNotMatch(await treeCheck(admin, 'grant-menu-sysuser').getAttribute('class'), /ant-tree-checkbox-checked/);

  // /roleusers: find staff and add them to the role.
  await admin.goto('/roleusers');
  await admin.getByTestId('pick-role-e2e_auditor').click();
  await admin.getByText('该角色暂无成员').waitFor();
  await admin.getByTestId('member-search').click();
  await admin.keyboard.type('张晓');
  await admin.locator('.ant-select-item-option', { hasText: '(staff)' }).click();
  await admin.getByTestId('member-add').click();
  await row(admin, 'staff').waitFor();
  assert.match(await row(admin, 'staff').innerText(), /张晓东[\s\S]*日志审计员/);
  await shot(admin, 'roleusers-members');

  // Staff signs in again: the 登录日志 menu is there and the screen opens.
  const staff = await newPage(browser);
  await login(staff, 'staff', 'Staff@123');
  await waitPath(staff, '/gateway');
  const menus = await staff.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')).sysMenus.map((m) => m.code));
  assert.deepEqual(menus, ['ops']);
  await staff.goto('/login_log');
  await staff.getByTestId('side-menu').getByText('登录日志').waitFor();
  await staff.getByTestId('table-card').waitFor();
  await row(staff, 'staff').first().waitFor();
  assert.equal(await staff.getByTestId('forbidden').count(), 0);
  await shot(staff, 'staff-login-log');

  // Removing the member asks first; afterwards staff's next call is refused.
  await row(admin, 'staff').getByTestId('member-remove-staff').click();
  await confirmIrreversible(admin);
  await admin.getByText('该角色暂无成员').waitFor();

  // The role can now be deleted from /sysroles.
  await admin.goto('/sysroles?name=' + encodeURIComponent('审计'));
  await row(admin, 'e2e_auditor').getByTestId('role-delete-e2e_auditor').click();
  await confirmIrreversible(admin);
  await row(admin, 'e2e_auditor').waitFor({ state: 'detached' });

  assert.deepEqual(admin.errors, []);
  assert.deepEqual(staff.errors, []);
  await staff.context().close();
  await admin.context().close();
});
