// The bid-material library in a real browser: a staff member (given a role with the licence screen for the test)
// enters a licence with a scan, it waits for review; an administrator rejects it without a reason (refused), then
// approves it; it is found by the search; the staff member downloads the scan. Screenshots of the list and the form.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { BASE, launch, newPage, login, shot, dialogSettled, waitPath, row, exportFile } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

async function api(method, path, token, body) {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const env = await res.json();
  assert.equal(env.code, 0, `${method} ${path}: ${env.message}`);
  return env.data;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function signIn(code, password) {
  const page = await newPage(browser);
  await login(page, code, password);
  await waitPath(page, '/gateway');
  return page;
}

test('staff enters a licence with a scan, the administrator approves it, it is found and its scan downloads', async () => {
  // the test's own role: the licence screen without the library administration code
  const admin = await api('POST', '/api/login', '', { LoginCode: 'admin', PassWord: 'Admin@123', os: 'e2e' });
  const role = await api('POST', '/api/sys/role/add', admin.accessToken, { code: 'e2e_libstaff', name: '证照录入员', remark: 'e2e' });
  await api('PUT', '/api/sys/role/grants', admin.accessToken, { roleId: role.id, menuCodes: ['library', 'expert_talents2_license'], funCodes: ['expert_talents2_license'] });
  const staffUser = (await api('GET', '/api/user/search?keyword=staff&limit=100', admin.accessToken)).records.find((u) => u.loginCode === 'staff');
  await api('PUT', '/api/user/role/user', admin.accessToken, { userId: staffUser.id, roleId: role.id });
  try {
    await enterApproveFind();
  } finally {
    // the other specs share this server: staff goes back to the staff role alone
    const again = await api('POST', '/api/login', '', { LoginCode: 'admin', PassWord: 'Admin@123', os: 'e2e' });
    await api('DELETE', '/api/user/role/user', again.accessToken, { userId: staffUser.id, roleId: role.id });
  }
});

async function enterApproveFind() {

  // staff: a new licence with a scan
  const staff = await signIn('staff', 'Staff@123');
  await staff.goto('/expert_talents2_license');
  await staff.getByTestId('lib-add').click();
  await dialogSettled(staff);
  const form = staff.getByTestId('lib-form');
  await staff.getByTestId('lib-form-ok').click();
  await form.getByText('请填写证照名称').waitFor();
  await staff.getByTestId('lib-field-title').fill('E2E道路运输经营许可证');
  await staff.getByTestId('lib-field-licenseType').click();
  await staff.locator('.ant-select-item-option', { hasText: '行业许可' }).click();
  await staff.getByTestId('lib-field-number').fill('E2E-LIC-0001');
  await staff.getByTestId('lib-field-holder').fill('宁波华信物业服务有限公司');
  await staff.getByTestId('lib-field-scans').locator('input[type=file]').setInputFiles({ name: '许可证扫描件.pdf', mimeType: 'application/pdf', buffer: PDF });
  // the finished item (the progress item fades out beside it for a moment)
  await form.locator('.ant-upload-list-item-done', { hasText: '许可证扫描件.pdf' }).waitFor();
  await shot(staff, 'library-form');
  await staff.getByTestId('lib-form-ok').click();
  await staff.getByText('已提交，资料库管理员审核通过后发布').waitFor();
  const mine = row(staff, 'E2E道路运输经营许可证');
  await mine.getByText('待审核').waitFor();
  // staff has no approve button
  assert.equal(await staff.getByTestId('lib-batch-approve').count(), 0);

  // administrator: the pending licence; a rejection needs a reason; then approve
  const boss = await signIn('admin', 'Admin@123');
  await boss.goto('/expert_talents2_license?status=pending');
  const pending = row(boss, 'E2E道路运输经营许可证');
  await pending.waitFor();
  await shot(boss, 'library-list-pending');
  await pending.getByRole('button', { name: '驳回' }).click();
  await dialogSettled(boss);
  await boss.getByTestId('lib-reject-ok').click();
  await boss.getByText('请填写驳回原因').first().waitFor();
  await boss.getByRole('button', { name: /取\s*消/ }).click();
  await pending.getByRole('button', { name: '通过' }).click();
  await boss.getByText('操作成功').first().waitFor();
  await pending.waitFor({ state: 'detached' }); // no longer pending

  // found by the search, published
  await boss.goto('/expert_talents2_license');
  await boss.getByTestId('search-keywords').fill('道路运输');
  await boss.getByTestId('search-submit').click();
  await boss.waitForURL(/keywords=/);
  const found = row(boss, 'E2E道路运输经营许可证');
  await boss.locator('.ant-table-row').nth(1).waitFor({ state: 'detached' }); // the demo licences are filtered out
  await found.getByText('已发布').waitFor();
  assert.equal(await boss.locator('.ant-table-row').count(), 1);
  await shot(boss, 'library-list-search');

  // history: submit then approve
  await found.getByRole('button', { name: '历史' }).click();
  await boss.getByTestId('lib-history').getByRole('tab', { name: '审核记录' }).click();
  await boss.getByTestId('lib-review-approve').waitFor();
  await boss.getByTestId('lib-review-submit').waitFor();

  // staff: the record is published and its scan downloads
  await staff.reload();
  await mine.getByText('已发布').waitFor();
  await mine.getByTestId(/lib-view-/).click();
  await staff.getByTestId('lib-view').waitFor();
  const dl = await exportFile(staff, '**/api/sys/common/file/down**', 'lib-file-许可证扫描件.pdf');
  assert.ok(dl.body.subarray(0, 5).equals(Buffer.from('%PDF-')), 'the scan downloads');
  assert.match(dl.headers['content-disposition'] ?? '', /attachment/);

  for (const p of [staff, boss]) assert.deepEqual(p.errors, []);
}

test('the tag set and the other library screens open', async () => {
  const page = await signIn('admin', 'Admin@123');
  await page.goto('/tagmanager');
  await row(page, '物业管理').waitFor();
  for (const path of ['/expert_talents2_manage', '/expert_talents2_politics', '/expert_talents2_announcement', '/servicePlan', '/expert_talents_manage']) {
    await page.goto(path);
    await page.locator('.ant-table-row').first().waitFor();
  }
  await page.goto('/expert_talents2_manage');
  await page.locator('.ant-table-row').first().waitFor();
  await shot(page, 'library-experts');
  assert.deepEqual(page.errors, []);
});
