// Data scopes in /rolemanager: the staff role gets two chosen companies for the library; the staff user's
// organisation calls with the data rule then answer exactly those companies.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, pickerNode, openPickerPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

/** The units the signed-in page's user may see in the library (the picker's root query with the data rule). */
async function visibleTops(page) {
  return page.evaluate(async () => {
    const token = JSON.parse(sessionStorage.getItem('userInfo') ?? sessionStorage.getItem('user') ?? '{}').accessToken;
    const r = await fetch('/motivate/project/config/selectOrgCode?isDataRule=true&moduleName=library', { headers: { Authorization: `Bearer ${token}` } });
    return (await r.json()).data.map((u) => u.fullUnitCode);
  });
}

test('admin gives the staff role two companies for the library; staff then sees exactly those', async () => {
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await waitPath(admin, '/gateway');
  await admin.goto('/rolemanager');
  await admin.getByTestId('pick-role-staff').click();
  const card = admin.getByTestId('role-data-scope');
  await card.getByText('未设置规则：成员可见本单位及下级').waitFor();

  await card.getByTestId('scope-add').click();
  const rowSel = card.locator('.ant-table-row').first();
  await rowSel.locator('[data-testid^=scope-module-]').click();
  await admin.locator('.ant-select-item-option', { hasText: '投标资料库' }).click();
  await rowSel.locator('[data-testid^=scope-kind-]').click();
  await admin.locator('.ant-select-item-option', { hasText: '自定义组织' }).click();
  await rowSel.locator('[data-testid^=scope-units-]').click();
  await dialogSettled(admin);
  await openPickerPath(admin, ['区域公司']);
  for (const name of ['北京华信物业服务有限公司', '上海华信设施管理有限公司']) {
    await pickerNode(admin, name).locator('.ant-tree-title').click();
  }
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('picker-tree').waitFor({ state: 'detached' });
  await shot(admin, 'rolemanager-data-scope');
  await card.getByTestId('scope-save').click();
  await admin.getByText('操作成功').first().waitFor();

  // reloading shows the stored rule with the units' names
  await admin.reload();
  await card.getByText('北京华信物业服务有限公司').waitFor();

  const staff = await newPage(browser);
  await login(staff, 'staff', 'Staff@123');
  await waitPath(staff, '/gateway');
  assert.deepEqual((await visibleTops(staff)).sort(), ['100201', '100202']);
  assert.deepEqual(admin.errors, []);
});
