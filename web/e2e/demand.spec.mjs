// Demand collection (/demandcollection) in a real browser: the administrator opens a collection for the demo staff
// member's unit with the organisation picker and a number field; the staff member finds it on /gatewayMsg, submits a
// demand with a file; the administrator answers it from the demands drawer; the staff member sees the answer, in the
// collection and as a message. Each run uses a title of its own, because the specs share one server.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, shot, dialogSettled, signedIn, row, openPickerPath, pickerNode, exportFile } from './helpers.mjs';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test('a collection is opened for a unit, a member submits a demand with a file, the administrator answers, the member sees it', async () => {
  const title = `E2E 投标资料需求 ${Date.now()}`;
  const admin = await signedIn(browser, 'admin', 'Admin@123');
  await admin.goto('/demandcollection');
  await admin.getByTestId('demand-add').click();
  await dialogSettled(admin);
  const form = admin.locator('.ant-modal').filter({ visible: true }).last();
  await admin.getByTestId('demand-form-title').fill(title);
  await admin.getByTestId('demand-form-description').fill('请各单位提出下季度投标所需的证照、业绩与支持');
  const deadline = form.locator('.ant-picker input').first();
  await deadline.click();
  await deadline.fill('2030-06-30 18:00');
  await deadline.press('Enter');
  // the audience: the staff member's company (with its departments), ticked in the picker's tree
  await admin.getByTestId('demand-form-units').click();
  await admin.getByTestId('picker-tree').waitFor();
  await dialogSettled(admin);
  await openPickerPath(admin, ['区域公司']);
  await pickerNode(admin, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-chosen-organ').locator('[data-key="100201"]').waitFor();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('picker-tree').waitFor({ state: 'detached' });
  // one required number field
  await admin.getByTestId('demand-field-add').click();
  const field = admin.getByTestId('demand-field-0');
  await field.locator('input').nth(0).fill('qty');
  await field.locator('input').nth(1).fill('需要份数');
  await field.getByRole('checkbox').check();
  await shot(admin, 'demand-form');
  await admin.getByTestId('demand-form-ok').click();
  await row(admin, title).waitFor();
  await shot(admin, 'demand-list');

  // the member: the collection on the message page, a demand with a file
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.goto('/gatewayMsg');
  const entry = staff.getByTestId('demand-open').locator('.ant-list-item', { hasText: title });
  await entry.waitFor();
  await entry.getByRole('button').click();
  const drawer = staff.getByTestId('demand-drawer');
  await drawer.getByTestId('demand-content').fill('需要营业执照副本扫描件两份');
  await drawer.getByTestId('demand-value-qty').fill('2');
  await drawer.getByTestId('demand-files').locator('input[type=file]').setInputFiles({ name: '需求说明.pdf', mimeType: 'application/pdf', buffer: PDF });
  await drawer.locator('.ant-upload-list-item-done', { hasText: '需求说明.pdf' }).waitFor();
  await drawer.getByTestId('demand-submit').click();
  const mine = drawer.locator('[data-testid^="demand-mine-"]').filter({ hasText: '需要营业执照副本扫描件两份' });
  await mine.waitFor();
  assert.match(await mine.innerText(), /待答复/);
  await shot(staff, 'demand-portal');

  // the administrator answers from the demands drawer
  await admin.reload();
  await row(admin, title).locator('[data-testid^="demand-items-"]').click();
  const items = admin.getByTestId('demand-items');
  const item = items.locator('.ant-table-row', { hasText: '需要营业执照副本扫描件两份' });
  await item.waitFor();
  assert.match(await item.innerText(), /需要份数: 2/);
  assert.match(await item.innerText(), /需求说明\.pdf/);
  // the row's 答复 opens the answer dialog, which names the submitter; the answer has a text and a file
  await item.locator('[data-testid^="demand-answer-one-"]').click();
  const answerDialog = admin.getByTestId('demand-answer-dialog');
  await dialogSettled(admin);
  assert.match(await admin.locator('.ant-modal').filter({ visible: true }).last().innerText(), /答复将发送给/);
  await admin.getByTestId('demand-answer-state-done').click();
  await admin.getByTestId('demand-answer-text').fill('营业执照副本扫描件已放入资料库，附件为加盖公章版本。');
  await admin.getByTestId('demand-answer-files').locator('input[type=file]').setInputFiles({ name: '营业执照副本.pdf', mimeType: 'application/pdf', buffer: PDF });
  await admin.locator('.ant-modal:visible .ant-upload-list-item-done', { hasText: '营业执照副本.pdf' }).waitFor();
  await shot(admin, 'demand-answer-dialog');
  await admin.getByTestId('demand-answer-ok').click();
  await answerDialog.waitFor({ state: 'hidden' });
  await item.getByText('已完成').waitFor();
  await item.getByText('营业执照副本扫描件已放入资料库').waitFor();
  await shot(admin, 'demand-answered');
  // the export 'demand collection' of this collection's demands
  const { url, body, headers } = await exportFile(admin, '**/api/demand/item/export**', 'list-export');
  assert.equal(body.subarray(0, 2).toString(), 'PK');
  assert.match(headers['content-disposition'], new RegExp(`filename\\*=UTF-8''${encodeURIComponent('需求征集')}_\\d{14}\\.xlsx$`));
  assert.match(url, /collectionId=\d+/);

  // the member sees the answer in the collection and in the messages
  await staff.reload();
  await staff.locator('[data-testid^="msg-item-"]', { hasText: '您的需求已答复：已完成' }).filter({ hasText: title }).first().waitFor();
  const answered = staff.getByTestId('demand-drawer').locator('[data-testid^="demand-mine-replies-"]');
  await answered.getByText('营业执照副本扫描件已放入资料库，附件为加盖公章版本。').waitFor();
  await answered.getByText('营业执照副本.pdf').waitFor();
  await shot(staff, 'demand-portal-answered');
  assert.deepEqual(admin.errors, []);
  assert.deepEqual(staff.errors, []);
});
