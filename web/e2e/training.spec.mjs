// Training in a real browser (issue 30, slice 1), from the screens only: an administrator adds an external lecturer,
// creates a class for 北京华信物业服务有限公司 with two sessions (a third, clashing with the first, is refused with the
// reason in the dialog) and opens enrolment; the demo staff member 张晓东 (a trainee of that unit) enrols on the portal,
// signs in on the 390 px phone page with the address the QR screen encodes; the administrator sees the attendance, and
// the 'sign-in' export holds the row the sheet shows. Screenshots: every admin screen at 1440 px, the phone at 390 px.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, signedIn, dialogSettled, row, exportFile, zipText, pickOrgUnit, openPickerPath, pickerNode, waitPath } from './helpers.mjs';

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

/** Picks the option with text in the select with testId (clicked again until the list closes; a multiple select's
 * list is closed by Escape, which on a single one would close the dialog). */
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

/** Types a date (and a time range) into the session form's pickers. */
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

test('an administrator sets up a class from the screens, a trainee enrols on the portal and signs in with the QR on the phone', async () => {
  const CLASS = 'E2E 投标实务培训班';
  const LECTURER = 'E2E 外部讲师';
  const admin = await newPage(browser);
  await login(admin, 'admin', 'Admin@123');
  await admin.waitForURL((u) => new URL(u).pathname !== '/login');

  // the lecturer
  await admin.goto('/training_lecturer');
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-lecturers');
  await admin.getByTestId('lecturer-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('lecturer-kind-external').click();
  await admin.getByTestId('lecturer-name').fill(LECTURER);
  await admin.getByTestId('lecturer-org').fill('华信培训学院');
  await admin.getByTestId('lecturer-title').fill('高级讲师');
  await shot(admin, 'training-lecturer-form');
  await admin.getByTestId('lecturer-ok').click();
  await row(admin, LECTURER).waitFor();

  // the class
  await admin.goto('/training_class');
  await admin.locator('.ant-table-row').first().waitFor();
  await shot(admin, 'training-classes');
  await admin.getByTestId('class-add').click();
  await dialogSettled(admin);
  const today = new Date();
  await admin.getByTestId('class-name').fill(CLASS);
  await pickOrgUnit(admin, 'class-unit', ['区域公司', '北京华信物业服务有限公司']);
  const period = admin.getByTestId('class-form').locator('.ant-picker-range input');
  await period.first().click();
  await admin.keyboard.type(day(today));
  await admin.keyboard.press('Enter');
  await period.nth(1).click();
  await admin.keyboard.type(day(new Date(today.getTime() + 7 * 86400_000)));
  await admin.keyboard.press('Enter');
  await admin.getByTestId('class-place').fill('总部三楼培训室');
  await choose(admin, 'class-lecturers', LECTURER, true);
  await admin.getByTestId('class-audience').click();
  await admin.getByTestId('picker-tree').waitFor();
  await openPickerPath(admin, ['区域公司']);
  await pickerNode(admin, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('class-audience-tags').getByText('北京华信物业服务有限公司').waitFor();
  await shot(admin, 'training-class-form');
  await admin.getByTestId('class-ok').click();
  // a new class opens on its own page
  await admin.getByTestId('class-detail').waitFor();
  await admin.getByTestId('class-title').filter({ hasText: CLASS }).waitFor();

  // two sessions: the first starts within the sign-in window (five to ten minutes from now), the second tomorrow
  await admin.getByTestId('class-tab-sessions').click();
  const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 300_000) * 300_000);
  const end = new Date(start.getTime() + 60 * 60_000);
  const add = async (title, a, b) => {
    await admin.getByTestId('session-add').click();
    await dialogSettled(admin);
    await admin.getByTestId('session-title').fill(title);
    await sessionTimes(admin, a, b);
    await choose(admin, 'session-lecturer', LECTURER);
    await admin.getByTestId('session-ok').click();
  };
  await add('开班讲座', start, end);
  await admin.getByTestId('session-form').waitFor({ state: 'hidden' });
  await row(admin, '开班讲座').waitFor();
  await add('案例研讨', new Date(start.getTime() + 86400_000), new Date(end.getTime() + 86400_000));
  await admin.getByTestId('session-form').waitFor({ state: 'hidden' });
  await row(admin, '案例研讨').waitFor();
  // the lecturer cannot be in two sessions at once: refused, with the other session named in the dialog
  await add('冲突课次', new Date(start.getTime() + 30 * 60_000), new Date(end.getTime() + 30 * 60_000));
  await admin.getByTestId('session-conflict').getByText(`讲师「${LECTURER}」在该时段已有课次`).waitFor();
  await shot(admin, 'training-session-conflict');
  await admin.getByTestId('session-form').getByRole('button', { name: /取\s*消/ }).click();
  await admin.getByTestId('session-form').waitFor({ state: 'hidden' });
  await shot(admin, 'training-class-sessions');
  await admin.getByTestId('sessions-week').click();
  await admin.getByTestId('class-week').getByText('开班讲座').waitFor();
  await shot(admin, 'training-class-week');

  // open enrolment: only the moves the class may make are offered, each confirmed
  assert.equal(await admin.getByTestId('class-move-archived').count(), 0);
  await admin.getByTestId('class-move-enrolling').click();
  await admin.getByTestId('class-state-ok').click();
  await admin.getByTestId('class-detail-state').getByText('报名中').waitFor();

  // the trainee enrols on the portal
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.getByRole('menuitem', { name: '我的培训' }).click();
  await waitPath(staff, '/gatewayTraining');
  const card = staff.locator('[data-testid^="my-class-"]', { hasText: CLASS });
  await card.locator('[data-testid^="my-enrol-"]').click();
  await staff.getByTestId('my-enrol-ok').click();
  await card.locator('[data-testid^="my-state-"]').getByText('已报名').waitFor();
  await shot(staff, 'training-portal-classes');
  await staff.getByTestId('portal-training-schedule').click();
  await staff.getByTestId('my-week').getByText('开班讲座').waitFor();
  await shot(staff, 'training-portal-schedule');

  // the trainee's phone: signed in to the phone page first
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/h5Course');
  await phone.getByTestId('h5-login-code').fill('staff');
  await phone.getByTestId('h5-password').fill('Staff@123');
  await phone.getByTestId('h5-submit').click();
  await phone.getByTestId('h5-tab-training').click();
  await phone.locator('[data-testid^="my-class-"]', { hasText: CLASS }).waitFor();
  await shot(phone, 'training-h5-classes-390');
  await phone.getByTestId('h5-training-schedule').click();
  await phone.getByTestId('my-week').getByText('开班讲座').waitFor();
  await shot(phone, 'training-h5-schedule-390');

  // the QR screen, as a projector shows it; the address it encodes is read fresh (10 s or more before it changes)
  await admin.getByTestId('class-tab-signin').click();
  await admin.getByTestId('signin-qr').click();
  const stage = admin.getByTestId('qr-stage');
  await admin.getByTestId('qr-countdown').waitFor();
  await shot(admin, 'training-qr');
  await admin.waitForFunction(() => {
    const m = /(\d+)/.exec(document.querySelector('[data-testid="qr-countdown"]')?.textContent ?? '');
    return m && Number(m[1]) >= 10;
  });
  const url = await stage.getAttribute('data-qr-url');
  assert.match(url, /\/h5Course\?signin=\d+&code=[0-9a-f]{12}$/);
  await phone.goto(url);
  await phone.getByTestId('h5-signin-done').getByText('签到成功').waitFor();
  await shot(phone, 'training-h5-signin-390');
  await admin.getByTestId('qr-signed').getByText('已签到 1 / 1').waitFor();
  await admin.keyboard.press('Escape');
  await stage.waitFor({ state: 'hidden' });

  // the administrator sees the attendance, and the 'sign-in' export holds the same row
  await admin.getByTestId('sheet-state-staff').getByText('出勤').waitFor();
  await shot(admin, 'training-class-signin');
  const sheetRow = await row(admin, '张晓东').innerText();
  assert.match(sheetRow, /出勤/);
  assert.match(sheetRow, /扫码/);
  const file = await exportFile(admin, '**/api/training/signin/export**', 'signin-export');
  const text = zipText(file.body);
  for (const s of ['开班讲座', '案例研讨', '张晓东', '出勤', '扫码', '未签到']) assert.ok(text.includes(s), `the sign-in export holds ${s}`);
  await admin.getByTestId('class-tab-students').click();
  await admin.getByTestId('student-state-staff').getByText('已报名').waitFor();
  await shot(admin, 'training-class-students');

  assert.deepEqual(admin.errors, []);
  assert.deepEqual(staff.errors, []);
  assert.deepEqual(phone.errors, []);
});
