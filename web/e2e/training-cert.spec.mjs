// Training's evaluations and certificates in a real browser (issue 30, second slice), from the screens only: an
// administrator makes a class whose one session has already ended, the demo staff member 张晓东 enrols on the portal
// and is marked present by hand; on the 390 px phone page he evaluates the session with the rating widget; the
// administrator sees the evaluation (no name) in the class's Evaluations tab, sets the certificate rule (attendance
// 100 %, evaluation given), closes the class, and the certificate is issued; its public verification page opens
// without sign-in and shows the masked name; the phone page lists the certificate; export 'course certification'
// holds its serial.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, signedIn, dialogSettled, row, exportFile, zipText, pickOrgUnit, openPickerPath, pickerNode } from './helpers.mjs';

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

const pad = (n) => String(n).padStart(2, '0');
const day = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const hm = (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

async function choose(page, testId, text, multiple = false) {
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await page.getByTestId(testId).click();
    await option.click();
    try {
      if (multiple) {
        await page.locator('.ant-select-dropdown:visible .ant-select-item-option-selected').filter({ hasText: text }).waitFor({ timeout: 3000 });
        await page.keyboard.press('Escape');
      }
      await option.waitFor({ state: 'hidden', timeout: 3000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
}

async function sessionTimes(page, start, end) {
  const form = page.getByTestId('session-form');
  await form.getByTestId('session-day').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(day(start));
  await page.keyboard.press('Enter');
  const inputs = form.locator('.ant-picker-range input');
  await inputs.first().click();
  await page.keyboard.type(hm(start));
  await page.keyboard.press('Enter');
  await inputs.nth(1).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(hm(end));
  await page.keyboard.press('Enter');
}

/** Clicks star n (1-5) of the rating widget with testId. */
const star = (page, testId, n) => page.getByTestId(testId).locator('li.ant-rate-star').nth(n - 1).locator('div[role="radio"]').click();

test('a trainee evaluates an ended session on the phone, the administrator sees it, closes the class and the certificate verifies', async () => {
  const CLASS = 'E2E 结业认证班';
  const LECTURER = 'E2E 认证讲师';
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await admin.waitForURL((u) => new URL(u).pathname !== '/login');

  await admin.goto('/training_lecturer');
  await admin.locator('.ant-table-row').first().waitFor();
  await admin.getByTestId('lecturer-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('lecturer-kind-external').click();
  await admin.getByTestId('lecturer-name').fill(LECTURER);
  await admin.getByTestId('lecturer-org').fill('华信培训学院');
  await admin.getByTestId('lecturer-ok').click();
  await row(admin, LECTURER).waitFor();

  // a class whose only session ended two hours ago (the same day, whole five minutes)
  const end = new Date(Math.floor((Date.now() - 2 * 3600_000) / 300_000) * 300_000);
  let start = new Date(end.getTime() - 3600_000);
  if (day(start) !== day(end)) start = new Date(end.getTime() - 5 * 60_000);
  await admin.goto('/training_class');
  await admin.locator('.ant-table-row').first().waitFor();
  await admin.getByTestId('class-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('class-name').fill(CLASS);
  await pickOrgUnit(admin, 'class-unit', ['区域公司', '北京华信物业服务有限公司']);
  const period = admin.getByTestId('class-form').locator('.ant-picker-range input');
  await period.first().click();
  await admin.keyboard.type(day(start));
  await admin.keyboard.press('Enter');
  await period.nth(1).click();
  await admin.keyboard.type(day(new Date(Date.now() + 7 * 86400_000)));
  await admin.keyboard.press('Enter');
  await admin.getByTestId('class-place').fill('总部三楼培训室');
  await choose(admin, 'class-lecturers', LECTURER, true);
  await admin.getByTestId('class-audience').click();
  await admin.getByTestId('picker-tree').waitFor();
  await openPickerPath(admin, ['区域公司']);
  await pickerNode(admin, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('class-ok').click();
  await admin.getByTestId('class-detail').waitFor();
  await admin.getByTestId('class-tab-sessions').click();
  await admin.getByTestId('session-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('session-title').fill('结业讲座');
  await sessionTimes(admin, start, end);
  await choose(admin, 'session-lecturer', LECTURER);
  await admin.getByTestId('session-ok').click();
  await admin.getByTestId('session-form').waitFor({ state: 'hidden' });
  await row(admin, '结业讲座').waitFor();
  await admin.getByTestId('class-move-enrolling').click();
  await admin.getByTestId('class-state-ok').click();
  await admin.getByTestId('class-detail-state').getByText('报名中').waitFor();

  // the trainee enrols on the portal; the manager marks him present by hand (the session is over)
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.goto('/gatewayTraining');
  const card = staff.locator('[data-testid^="my-class-"]', { hasText: CLASS });
  await card.locator('[data-testid^="my-enrol-"]').click();
  await staff.getByTestId('my-enrol-ok').click();
  await card.locator('[data-testid^="my-state-"]').getByText('已报名').waitFor();
  await admin.getByTestId('class-tab-signin').click();
  await admin.getByTestId('sheet-fix-staff').click();
  await admin.getByTestId('sheet-fix-reason').fill('纸质签到表补录');
  await admin.getByTestId('sheet-fix-ok').click();
  await admin.getByTestId('sheet-state-staff').getByText('出勤').waitFor();

  // the phone page: evaluate the ended session with the rating widget
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/h5Course');
  await phone.getByTestId('h5-login-code').fill('staff');
  await phone.getByTestId('h5-password').fill('Staff@123');
  await phone.getByTestId('h5-submit').click();
  await phone.getByTestId('h5-tab-training').click();
  await phone.getByTestId('h5-training-evaluations').click();
  const todo = phone.locator('[data-testid^="my-eval-"]', { hasText: '结业讲座' }).first();
  await todo.locator('[data-testid^="my-eval-open-"]').click();
  await star(phone, 'my-eval-course', 5);
  await phone.getByTestId('my-eval-course-text').getByText('惊喜').waitFor();
  await star(phone, 'my-eval-lecturer', 4);
  await phone.getByTestId('my-eval-comment').fill('案例贴近投标实务');
  await shot(phone, 'training-h5-evaluate-390');
  await phone.getByTestId('my-eval-ok').click();
  await todo.locator('[data-testid^="my-eval-done-"]').getByText('已评估').waitFor();
  await shot(phone, 'training-h5-evaluations-390');

  // the administrator sees the evaluation: figures, distribution and the comment, no name
  await admin.getByTestId('class-tab-evaluations').click();
  await admin.getByTestId('eval-comments').getByText('案例贴近投标实务').waitFor();
  assert.equal((await admin.getByTestId('eval-summary-course-5').innerText()).trim(), '1');
  assert.equal((await admin.getByTestId('eval-summary-lecturer-4').innerText()).trim(), '1');
  assert.ok(!(await admin.getByTestId('class-evaluations').innerText()).includes('张晓东'), 'the evaluations name nobody');
  await shot(admin, 'training-class-evaluations');

  // the rule, then the class closes and the certificate is issued by it
  await admin.getByTestId('class-tab-certificates').click();
  await admin.getByTestId('cert-rule-enabled').click();
  await admin.getByTestId('cert-rule-attendance').fill('100');
  await admin.getByTestId('cert-rule-evaluation').check();
  await admin.getByTestId('cert-rule-validity').fill('24');
  await admin.getByTestId('cert-rule-save').click();
  await shot(admin, 'training-cert-rule');
  await admin.getByTestId('cert-meets-staff').getByText('是').waitFor();
  for (const to of ['running', 'closed']) {
    await admin.getByTestId(`class-move-${to}`).click();
    await admin.getByTestId('class-state-ok').click();
  }
  await admin.getByTestId('class-detail-state').getByText('已结班').waitFor();
  await admin.getByTestId('class-tab-certificates').click();
  const cert = admin.getByTestId('cert-of-staff');
  await cert.getByText(/BD-\d{4}-\d{6}/).waitFor();
  const serial = /BD-\d{4}-\d{6}/.exec(await cert.innerText())[0];
  await shot(admin, 'training-class-certificates');
  const file = await exportFile(admin, '**/api/training/cert/export**', 'cert-export');
  const text = zipText(file.body);
  for (const s of [serial, '张晓东', '100%']) assert.ok(text.includes(s), `export 'course certification' holds ${s}`);

  // the public verification page, opened by someone not signed in
  const visitor = await newPage(browser, { width: 390, height: 844 });
  await visitor.goto(`/verify/cert/${serial}`);
  await visitor.getByTestId('verify-state').getByText('证书有效').waitFor();
  assert.equal(await visitor.getByTestId('verify-holder').innerText(), '张**');
  assert.equal(await visitor.getByTestId('verify-title').innerText(), CLASS);
  assert.ok(!(await visitor.getByTestId('verify-cert').innerText()).includes('张晓东'));
  await shot(visitor, 'training-verify-390');

  // the trainee's certificates on the phone page
  await phone.getByTestId('h5-training-certificates').click();
  await phone.getByTestId(`my-cert-${serial}`).waitFor();
  await shot(phone, 'training-h5-certificates-390');

  assert.deepEqual(admin.errors, []);
  assert.deepEqual(staff.errors, []);
  assert.deepEqual(phone.errors, []);
  assert.deepEqual(visitor.errors, []);
});
