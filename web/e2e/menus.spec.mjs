// Menus, function codes and resources in a real browser: the administrator changes the resource table and the menu
// tree, and the effect is there at the next call or session read, without restarting the server.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, login, shot, dialogSettled, waitPath, row, confirmIrreversible } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

/** A call from the page with its session token: the envelope's code. */
const callCode = (page, path) =>
  page.evaluate(async (p) => {
    const token = JSON.parse(sessionStorage.getItem('userInfo')).accessToken;
    const r = await fetch(p, { headers: { Authorization: `Bearer ${token}` } });
    return (await r.json()).code;
  }, path);

const sideMenu = (page) => page.getByTestId('side-menu');
const treeNode = (page, code) => page.getByTestId('menu-tree').locator('.ant-tree-treenode', { has: page.getByTestId(`menu-node-${code}`) });
const topMenuCodes = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')).sysMenus.map((m) => m.code));

test('a resource opened to the portal code lets staff call it at once; restoring the default refuses them again', async () => {
  const staff = await newPage(browser);
  await login(staff, 'staff', 'Staff@123');
  await waitPath(staff, '/gateway');
  assert.equal(await callCode(staff, '/api/sys/loginLog/list'), 403);

  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/resmanager');
  await admin.getByTestId('search-path').fill('/api/sys/loginLog/list');
  await admin.getByTestId('search-submit').click();
  await admin.waitForURL(/path=/);
  const line = row(admin, '/api/sys/loginLog/list');
  await line.waitFor();
  assert.equal(await admin.locator('.ant-table-row').count(), 1);
  await line.getByTestId('res-edit-GET-/api/sys/loginLog/list').click();
  await dialogSettled(admin);
  const dialog = admin.getByTestId('res-dialog');
  await dialog.getByTestId('res-form-codes').click();
  await admin.keyboard.type('gateway');
  await admin.locator('.ant-select-item-option', { hasText: 'gateway · ' }).click();
  await admin.keyboard.press('Escape');
  await shot(admin, 'resmanager-edit');
  await admin.getByTestId('res-form-ok').click();
  await admin.getByText('操作成功').first().waitFor();
  await line.getByText('gateway').waitFor();
  await shot(admin, 'resmanager-list');

  // Staff's next call passes: no restart, no new sign-in.
  assert.equal(await callCode(staff, '/api/sys/loginLog/list'), 0);

  await line.getByTestId('res-reset-GET-/api/sys/loginLog/list').click();
  await line.getByText('gateway').waitFor({ state: 'detached' });
  assert.equal(await callCode(staff, '/api/sys/loginLog/list'), 403);

  // The lock-out guard: the resource screen's own calls keep resmanager (its tag cannot be removed) .
  await admin.getByTestId('search-path').fill('/api/sys/resource/edit');
  await admin.getByTestId('search-submit').click();
  const own = row(admin, '/api/sys/resource/edit');
  await own.waitFor();
  await own.getByTestId('res-edit-PUT-/api/sys/resource/edit').click();
  await dialogSettled(admin);
  assert.equal(await admin.getByTestId('res-dialog').locator('.ant-tag .ant-tag-close-icon').count(), 0);
  await admin.getByTestId('res-dialog').getByText('不能移除').waitFor();
  await admin.keyboard.press('Escape');

  assert.deepEqual(admin.errors, []);
  assert.deepEqual(staff.errors, []);
  await staff.context().close();
  await admin.context().close();
});

test('the administrator drags a menu group to the top, orders it back by number and hides a screen; the side menu follows', async () => {
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/menusmanager');
  await treeNode(admin, 'ops').waitFor();
  assert.equal((await topMenuCodes(admin))[0], 'welcome');

  // Drag 日志与任务 (a group every session shows; 数据与报表 holds only unbuilt screens) onto the upper edge of 首页: it becomes the first top-level menu.
  await admin.getByTestId('menu-node-ops').dragTo(admin.getByTestId('menu-node-welcome'), { targetPosition: { x: 10, y: 1 } });
  await admin.getByText('操作成功').first().waitFor();
  await admin.waitForFunction(() => JSON.parse(sessionStorage.getItem('userInfo')).sysMenus[0].code === 'ops');
  await sideMenu(admin).locator('nav > ul > li').first().getByText('日志与任务').waitFor();
  assert.equal(await admin.getByTestId('menu-rows').locator('.ant-table-row').first().getByText('日志与任务').count(), 1);
  await shot(admin, 'menusmanager-dragged');

  // Order numbers: 日志与任务 goes last again.
  await admin.getByTestId('menu-sort-ops').fill('900');
  await admin.getByText('已修改1个排序号，保存后生效。').waitFor();
  await admin.getByTestId('menu-save-order').click();
  await admin.waitForFunction(() => JSON.parse(sessionStorage.getItem('userInfo')).sysMenus.at(-1).code === 'ops');
  assert.equal((await topMenuCodes(admin))[0], 'welcome');

  // Hide 登录日志: it leaves the side menu and its screen refuses; the permission screens cannot be hidden.
  await treeNode(admin, 'ops').locator('.ant-tree-title').click();
  await admin.getByTestId('menu-children').getByText('“日志与任务”的子菜单').waitFor();
  await admin.getByTestId('menu-visible-login_log').click();
  await admin.getByText('操作成功').first().waitFor();
  await admin.waitForFunction(() => !JSON.stringify(JSON.parse(sessionStorage.getItem('userInfo')).sysMenus).includes('"login_log"'));
  await treeNode(admin, 'sys').locator('.ant-tree-title').click();
  await admin.getByTestId('menu-visible-rolemanager').click();
  await admin.getByText('“角色权限”菜单及其上级菜单必须保持显示，否则将无人能再管理权限').waitFor();
  assert.equal(await admin.getByTestId('menu-visible-rolemanager').getAttribute('aria-checked'), 'true');
  await shot(admin, 'menusmanager-sys');
  await admin.goto('/login_log');
  await admin.getByTestId('forbidden').waitFor();

  // Show it again.
  await admin.goto('/menusmanager');
  await treeNode(admin, 'ops').locator('.ant-tree-title').click();
  await admin.getByTestId('menu-visible-login_log').click();
  await admin.waitForFunction(() => JSON.stringify(JSON.parse(sessionStorage.getItem('userInfo')).sysMenus).includes('"login_log"'));
  await admin.goto('/login_log');
  await admin.getByTestId('table-card').waitFor();

  assert.deepEqual(admin.errors, []);
  await admin.context().close();
});

/** libadmin's password: the foundation spec, sharing this server, may have changed it already. */
async function libadminPassword() {
  for (const pw of ['Library@123', 'Lib#2026new']) {
    const r = await fetch(`${BASE}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ LoginCode: 'libadmin', PassWord: pw, os: 'e2e' }) });
    if ((await r.json()).code === 0) return pw;
  }
  throw new Error('libadmin cannot sign in');
}

test("another user's side menu follows at 'refresh cache', without signing in again", async () => {
  const lib = await newPage(browser);
  await login(lib, 'libadmin', await libadminPassword());
  await waitPath(lib, '/gateway');
  await lib.goto('/welcome');
  const hasTags = () => lib.evaluate(() => JSON.stringify(JSON.parse(sessionStorage.getItem('userInfo')).sysMenus).includes('"tagmanager"'));
  assert.equal(await hasTags(), true);

  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/menusmanager');
  await treeNode(admin, 'library').locator('.ant-tree-title').click();
  await admin.getByTestId('menu-visible-tagmanager').click();
  await admin.getByText('操作成功').first().waitFor();

  await lib.getByTestId('user-menu').click();
  await lib.getByTestId('menu-refresh-cache').click();
  await lib.getByText('缓存刷新成功').first().waitFor();
  assert.equal(await hasTags(), false);
  await sideMenu(lib).getByText('标书资料库').click();
  await sideMenu(lib).getByText('专家库').waitFor();
  assert.equal(await sideMenu(lib).getByText('标签管理').count(), 0);
  await shot(lib, 'menus-refreshed-libadmin');

  await admin.getByTestId('menu-visible-tagmanager').click();
  await admin.getByText('操作成功').first().waitFor();
  assert.deepEqual(admin.errors, []);
  assert.deepEqual(lib.errors, []);
  await lib.context().close();
  await admin.context().close();
});

test('a new screen with its function code, then deleted with confirmation', async () => {
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/menusmanager');
  await treeNode(admin, 'sys').locator('.ant-tree-title').click();
  await admin.getByTestId('menu-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('menu-form-ok').click();
  await admin.getByText('请按提示完善表单后再提交').first().waitFor();
  await admin.getByTestId('menu-dialog').getByText('请输入菜单编码').waitFor();
  await admin.getByTestId('menu-form-code').fill('e2e_board');
  await admin.getByTestId('menu-form-name').fill('看板');
  await admin.getByTestId('menu-form-path').fill('/e2e_board');
  await shot(admin, 'menusmanager-add');
  await admin.getByTestId('menu-form-ok').click();
  await admin.getByText('操作成功').first().waitFor();
  await row(admin, 'e2e_board').waitFor();

  await admin.goto('/functionsmanager?code=e2e_board');
  await row(admin, 'e2e_board').waitFor();
  assert.match(await row(admin, 'e2e_board').innerText(), /看板[\s\S]*看板[\s\S]*0[\s\S]*1/);
  await shot(admin, 'functionsmanager-list');

  // Chosen from the table, the menu opens in the tree; deleting asks first.
  await admin.goto('/menusmanager');
  await treeNode(admin, 'sys').locator('.ant-tree-title').click();
  await row(admin, 'e2e_board').getByText('看板').click();
  await treeNode(admin, 'e2e_board').waitFor();
  await admin.getByTestId('menu-detail').getByTestId('menu-delete-e2e_board').click();
  await confirmIrreversible(admin);
  await treeNode(admin, 'e2e_board').waitFor({ state: 'detached' });
  await admin.getByTestId('menu-children').getByText('“系统管理”的子菜单').waitFor();

  assert.deepEqual(admin.errors, []);
  await admin.context().close();
});
