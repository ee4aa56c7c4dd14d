// Questionnaires and the honorary catalogue in a real browser (issue 30, questionnaires slice), from the screens only:
// an administrator designs a questionnaire (a required single choice and a text question) for 北京华信物业服务有限公司
// and sends it; the demo staff member 张晓东 (of that unit) answers it on the portal's training page; the administrator
// sees the answer in the results (chart and text) and exports 'questionnaires'. Screenshots of the honorary catalogue,
// the portal's honours and the training statistics at 1440 px.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, signedIn, dialogSettled, row, exportFile, zipText, openPickerPath, pickerNode, waitPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test('an administrator designs and sends a questionnaire, the staff member answers it on the portal, the administrator sees the result', async () => {
  const TITLE = 'E2E 述标培训反馈';
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await admin.waitForURL((u) => new URL(u).pathname !== '/login');

  await admin.goto('/training_survey');
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-surveys');
  await admin.getByTestId('survey-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('survey-title').fill(TITLE);
  await admin.getByTestId('survey-audience').click();
  await admin.getByTestId('picker-tree').waitFor();
  await openPickerPath(admin, ['区域公司']);
  await pickerNode(admin, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('picker-tree').waitFor({ state: 'detached' });
  await admin.getByTestId('survey-q-title-0').fill('本次述标培训对您是否有帮助');
  await admin.getByTestId('survey-q-options-0').fill('很有帮助\n有一些帮助\n帮助不大');
  await admin.getByTestId('survey-add-question').click();
  await admin.getByTestId('survey-q-kind-1').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '文本题' }).click();
  await admin.getByTestId('survey-q-title-1').fill('您的建议');
  await shot(admin, 'training-survey-designer');
  await admin.getByTestId('survey-ok').click();
  await row(admin, TITLE).waitFor();
  await row(admin, TITLE).locator('[data-testid^="survey-send-"]').click();
  await admin.getByTestId('survey-send-ok').click();
  await row(admin, TITLE).getByText('进行中').waitFor();

  // the staff member answers on the portal
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.getByRole('menuitem', { name: '我的培训' }).click();
  await waitPath(staff, '/gatewayTraining');
  await staff.getByTestId('portal-training-surveys').click();
  const card = staff.locator('[data-testid^="my-survey-"]', { hasText: TITLE }).first();
  await card.locator('[data-testid^="my-survey-answer-"]').click();
  await staff.getByTestId('my-survey-form').waitFor();
  // a required question left out is refused with the reason in the dialog, nothing saved
  await staff.getByTestId('my-survey-submit').click();
  await staff.getByTestId('my-survey-error').getByText('为必答题').waitFor();
  await staff.getByTestId('my-survey-q-1').getByText('很有帮助').click();
  await staff.getByTestId('my-survey-q-2').locator('textarea').fill('希望增加现场模拟述标');
  await shot(staff, 'training-portal-survey-answer');
  await staff.getByTestId('my-survey-submit').click();
  await card.getByText('已提交').waitFor();
  await shot(staff, 'training-portal-surveys');
  await staff.getByTestId('portal-training-honours').click();
  await staff.getByTestId('honour-book').waitFor();
  await shot(staff, 'training-portal-honours');

  // the administrator sees the result and exports it
  await admin.reload();
  await admin.getByTestId('survey-keyword').locator('input').fill(TITLE);
  await admin.getByTestId('survey-keyword').locator('input').press('Enter');
  await row(admin, TITLE).locator('[data-testid^="survey-answered-"]').filter({ hasText: /^1 \/ / }).waitFor();
  await row(admin, TITLE).locator('[data-testid^="survey-results-"]').click();
  await admin.getByTestId('survey-results').getByText('希望增加现场模拟述标').waitFor();
  await admin.getByTestId('survey-results').getByText('张晓东').first().waitFor();
  await admin.waitForTimeout(500); // the chart's first drawing
  await shot(admin, 'training-survey-results');
  await admin.keyboard.press('Escape');
  const file = await exportFile(admin, '**/api/training/survey/export**');
  const text = zipText(file.body);
  assert.ok(text.includes('很有帮助') && text.includes('希望增加现场模拟述标') && text.includes('staff'), 'the export holds the answer');

  await admin.goto('/training_honour');
  await admin.getByTestId('honour-year').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: String(new Date().getFullYear() - 1) }).click();
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-honours');
  await admin.goto('/statistics_training');
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-statistics');
  assert.deepEqual(staff.errors, []);
  assert.deepEqual(admin.errors, []);
});
