// Examinations from the screens (issue 31): the administrator adds a question in the editor and two by paste (checked
// first), makes a fixed paper of them, and publishes a two-minute exam for the staff member's company; on the phone
// page at 390 px the staff member answers, the network is cut (the save calls blocked) and the answers made meanwhile
// show as waiting, never saved; the network returns and they are saved; a reload continues the same attempt with the
// same time left; time runs out and the page submits; the administrator sees the grade and the 'grades' export holds
// the rows the screen shows. The question made in the editor has pictures (stem and option A), seen in the editor,
// the paper preview, on the phone page and on the portal for the same attempt. No API call prepares or shortcuts any of it.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, shot, signedIn, row, dialogSettled, openPickerPath, pickerNode, exportFile, zipText, png } from './helpers.mjs';

/** The picture img (alt text) inside scope has loaded from a blob URL (the page fetched it with its credentials). */
async function pictureShown(scope, alt) {
  const img = scope.locator(`img[alt="${alt}"]`).first();
  await img.waitFor();
  await img.evaluate((el) => (el.complete ? null : new Promise((r) => el.addEventListener('load', r, { once: true }))));
  const { src, width } = await img.evaluate((el) => ({ src: el.getAttribute('src'), width: el.naturalWidth }));
  assert.ok(src.startsWith('blob:'), `${alt} is shown from a blob URL (${src})`);
  assert.ok(width > 0, `${alt} has loaded`);
}

/** Picks an option (text or RegExp) of the select with testId; clicked again until the list closes. */
async function choose(page, testId, text, typed) {
  const control = page.getByTestId(testId);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) {
      await control.click();
      if (typed) await page.keyboard.type(typed);
    }
    await option.click();
    try {
      await option.waitFor({ state: 'hidden', timeout: 3000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
}

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test('an exam set up on the screens is taken on the phone through a network cut, a reload and the time running out', async () => {
  test.setTimeout(600_000);
  const tag = `E2E${Date.now() % 1_000_000}`;
  const examName = `${tag} 招投标基础知识测验`;
  const admin = await signedIn(browser, 'admin', 'Admin@123');

  // the bank: one single choice in the editor
  await admin.goto('/exam_bank');
  await admin.getByTestId('exam-q-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('exam-q-stem').fill(`${tag} 公开招标的项目，投标人少于几个时应当重新招标？`);
  for (const [i, text] of ['2 个', '3 个', '5 个', '7 个'].entries()) await admin.getByTestId(`exam-q-option-${i}`).fill(text);
  await admin.getByTestId('exam-q-single').getByText('B', { exact: true }).click();
  // pictures: a gif is refused by name under the control; a png to the stem and one to option A, seen in the editor
  const stemPics = admin.getByTestId('exam-q-images');
  await stemPics.getByTestId('exam-q-images-file').setInputFiles({ name: '示意图.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await stemPics.getByTestId('exam-q-images-problems').getByText('示意图.gif: 格式仅支持jpg、png!').waitFor();
  await stemPics.getByTestId('exam-q-images-file').setInputFiles({ name: '招标流程图.png', mimeType: 'image/png', buffer: png(640, 320) });
  await pictureShown(stemPics, '题干图片');
  await stemPics.getByTestId('exam-q-images-problems').waitFor({ state: 'detached' });
  await admin.getByTestId('exam-q-option-pic-0-file').setInputFiles({ name: '选项A.png', mimeType: 'image/png', buffer: png(240, 120) });
  await pictureShown(admin.getByTestId('exam-q-option-pic-0'), '选项 A 的图片');
  // keyboard: the stem picture opens large with Enter and closes with Escape
  await stemPics.locator('button[aria-label^="放大查看"]').first().focus();
  await admin.keyboard.press('Enter');
  await admin.getByTestId('exam-pic-large-img').waitFor();
  await admin.keyboard.press('Escape');
  await admin.getByTestId('exam-pic-large-img').waitFor({ state: 'detached' });
  await shot(admin, 'exam-question-form');
  await admin.getByTestId('exam-q-ok').click();
  await row(admin, `${tag} 公开招标的项目`).waitFor();

  // two by paste: checked first (every problem by question), then imported
  await admin.getByTestId('exam-paste').click();
  await dialogSettled(admin);
  await admin.getByTestId('exam-paste-text').fill(
    `1. [判断] ${tag} 投标文件应当按照招标文件的要求密封\n答案：对\n\n2. [填空] ${tag} 投标保证金一般不得超过招标项目估算价的___%\n答案：2；百分之二`,
  );
  await admin.getByTestId('exam-paste-check').click();
  await admin.getByTestId('exam-paste-report').getByText('检查通过：2 道试题可以导入。').waitFor();
  await admin.getByTestId('exam-paste-run').click();
  await admin.getByTestId('exam-paste-report').getByText('已导入 2 道试题').waitFor();
  await admin.keyboard.press('Escape');
  await admin.getByTestId('exam-paste-report').waitFor({ state: 'detached' });
  await row(admin, `${tag} 投标保证金`).waitFor();
  await admin.getByTestId('exam-q-add').waitFor();
  await shot(admin, 'exam-bank');

  // a fixed paper of the three, 2 points each; the total (6) is shown and checked against the pass mark
  await admin.goto('/exam_paper');
  await admin.getByTestId('exam-p-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('exam-p-name').fill(`${tag} 招投标基础试卷`);
  for (const stem of ['公开招标的项目', '投标文件应当', '投标保证金']) await choose(admin, 'exam-p-pick', `${tag} ${stem}`, tag);
  await admin.getByTestId('exam-p-item-2').waitFor();
  await admin.getByTestId('exam-p-pass').fill('8');
  await admin.getByTestId('exam-p-total').getByText('总分 6 分，及格分 8 分').waitFor();
  await admin.getByTestId('exam-p-ok').click();
  await admin.getByText('及格分不能高于总分').first().waitFor();
  await admin.getByTestId('exam-p-pass').fill('4');
  await shot(admin, 'exam-paper-form');
  await admin.getByTestId('exam-p-ok').click();
  await row(admin, `${tag} 招投标基础试卷`).waitFor();
  await shot(admin, 'exam-papers');
  // the preview shows the question's pictures
  await row(admin, `${tag} 招投标基础试卷`).getByRole('button', { name: '预览' }).click();
  const preview = admin.getByTestId('exam-p-preview');
  await pictureShown(preview, '题干图片');
  await pictureShown(preview, '选项 A 的图片');
  await shot(admin, 'exam-paper-preview-pictures');
  await admin.keyboard.press('Escape');
  await preview.waitFor({ state: 'detached' });

  // the exam: the staff member's company, two minutes, results at once; published after a confirmation
  await admin.goto('/exam_manage');
  await admin.getByTestId('exam-e-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('exam-e-name').fill(examName);
  await choose(admin, 'exam-e-paper', `${tag} 招投标基础试卷`);
  await admin.getByTestId('exam-e-units').click();
  await admin.getByTestId('picker-tree').waitFor();
  await openPickerPath(admin, ['区域公司']);
  await pickerNode(admin, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await admin.getByTestId('picker-add').click();
  await admin.getByTestId('picker-ok').click();
  await admin.getByTestId('picker-tree').waitFor({ state: 'detached' });
  await admin.getByTestId('exam-e-duration').fill('2');
  await admin.getByTestId('exam-e-pass').fill('4');
  await shot(admin, 'exam-form');
  await admin.getByTestId('exam-e-ok').click();
  const examRow = row(admin, examName);
  await examRow.waitFor();
  await examRow.getByText('草稿').waitFor();
  await examRow.getByRole('button', { name: '发布' }).click();
  await admin.getByTestId('exam-e-publish-ok').click();
  await examRow.getByText('已发布').waitFor();
  await examRow.getByText('北京华信物业服务有限公司').waitFor();
  await shot(admin, 'exam-exams');

  // the phone page at 390 px: the staff member's exams, start
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/h5Course');
  await phone.getByTestId('h5-login-code').fill('staff');
  await phone.getByTestId('h5-password').fill('Staff@123');
  await phone.getByTestId('h5-submit').click();
  await phone.getByTestId('h5-exams-link').click();
  const card = phone.locator('[data-testid^="exam-my-"]').filter({ hasText: examName });
  await card.waitFor();
  await shot(phone, 'exam-my-390');
  await card.getByRole('button', { name: '开始考试' }).click();
  await phone.getByTestId('exam-take').waitFor();

  // the question's pictures on the phone: fetched with the h5Token header, shown as blob URLs, enlarged on a tap
  const pictured = phone.locator('[data-testid^="exam-t-q-"]').filter({ hasText: `${tag} 公开招标的项目` });
  await pictureShown(pictured, '题干图片');
  assert.equal(await pictured.locator('img[alt$="的图片"]').count(), 1, 'the option picture under its option');
  await shot(phone, 'exam-take-picture-390');
  await pictured.locator('button[aria-label^="放大查看：题干图片"]').click();
  await phone.getByTestId('exam-pic-large-img').waitFor();
  await shot(phone, 'exam-take-picture-large-390');
  await phone.keyboard.press('Escape');
  await phone.getByTestId('exam-pic-large-img').waitFor({ state: 'detached' });

  // the same attempt on the portal (another device): the pictures through the web session
  const attemptId = new URL(phone.url()).searchParams.get('attempt');
  const portal = await signedIn(browser, 'staff', 'Staff@123');
  await portal.goto(`/gatewayExam?attempt=${attemptId}`);
  const portalQ = portal.locator('[data-testid^="exam-t-q-"]').filter({ hasText: `${tag} 公开招标的项目` });
  await pictureShown(portalQ, '题干图片');
  await shot(portal, 'exam-take-portal-picture');
  assert.deepEqual(portal.errors, [], 'no page error on the portal');
  await portal.context().close();

  const state = (n) => phone.getByTestId(`exam-t-state-${n}`);
  /** Answers question n whatever its type (the order is the server's shuffle). */
  async function answer(n) {
    const q = phone.getByTestId(`exam-t-q-${n}`);
    const blank = q.locator('input[type="text"], input:not([type])').first();
    if (await q.getByTestId(`exam-t-opt-${n}-0`).count()) await q.getByTestId(`exam-t-opt-${n}-0`).click();
    else await blank.fill('2');
  }
  await answer(1);
  await state(1).locator('[data-state="saved"]').waitFor();

  // the network is cut: the answers wait, never 'saved'
  let blocked = 0;
  await phone.route('**/api/biapp/exam/save', (r) => {
    blocked++;
    return r.abort('internetdisconnected');
  });
  await answer(2);
  await answer(3);
  await state(2).locator('[data-state="waiting"]').waitFor();
  await state(3).locator('[data-state="waiting"]').waitFor();
  await phone.getByTestId('exam-t-offline').waitFor();
  assert.ok(blocked > 0, 'the save calls were tried');
  assert.equal(await phone.locator('[data-testid^="exam-t-state-"] [data-state="saved"]').count(), 1, 'only the confirmed answer shows saved');
  await shot(phone, 'exam-take-offline-390');

  // the network returns: they are sent in order and saved
  await phone.unroute('**/api/biapp/exam/save');
  await state(2).locator('[data-state="saved"]').waitFor({ timeout: 30_000 });
  await state(3).locator('[data-state="saved"]').waitFor({ timeout: 30_000 });
  await phone.getByTestId('exam-t-offline').waitFor({ state: 'detached' });

  // a reload continues the same attempt with its answers and the same time left
  const url = phone.url();
  const before = Number(await phone.getByTestId('exam-t-clock').getAttribute('data-seconds'));
  const t0 = Date.now();
  await phone.reload();
  await phone.getByTestId('exam-take').waitFor();
  await phone.waitForTimeout(1200);
  const after = Number(await phone.getByTestId('exam-t-clock').getAttribute('data-seconds'));
  const expected = before - (Date.now() - t0) / 1000;
  assert.equal(phone.url(), url, 'the same attempt');
  assert.ok(Math.abs(after - expected) <= 2, `time left after the reload: ${after}, expected about ${expected.toFixed(1)}`);
  for (const n of [1, 2, 3]) await state(n).locator('[data-state="saved"]').waitFor();
  await shot(phone, 'exam-take-390');

  // the taker leaves the page, the window loses focus, something is pasted into a blank: the browser's own events
  // (a phone's tab switch and a paste), which the page reports for the examiner
  await phone.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    window.dispatchEvent(new Event('blur'));
  });
  const pasteInto = phone.getByTestId('exam-take').locator('input[type="text"], input:not([type])').first();
  await pasteInto.focus();
  await pasteInto.evaluate((el) => el.dispatchEvent(new ClipboardEvent('paste', { bubbles: true, clipboardData: new DataTransfer() })));
  await phone.waitForLoadState('networkidle');

  // time runs out: the page submits and shows the result (results at once)
  await phone.getByTestId('exam-t-done').waitFor({ timeout: 200_000 });
  await phone.getByText(/得分 \d+ \/ 6/).waitFor();
  await shot(phone, 'exam-done-390');

  // the administrator sees the grade; the 'grades' export holds the screen's rows
  await admin.goto('/exam_grade');
  await choose(admin, 'exam-g-exam', examName, tag);
  const score = admin.getByTestId('exam-g-score-staff');
  await score.waitFor();
  const shown = (await score.textContent()).trim();
  const rows = await admin.getByTestId('exam-g-table').locator('.ant-table-row').allTextContents();
  await shot(admin, 'exam-grades');
  const file = await exportFile(admin, '**/api/exam/grades/export*', 'exam-g-export');
  assert.match(file.headers['content-type'] ?? '', /spreadsheetml/, 'the export is a spreadsheet');
  const text = zipText(file.body);
  const name = (await admin.getByTestId('exam-g-name-staff').textContent()).trim();
  assert.ok(text.includes(name), 'the export holds the taker');
  assert.ok(new RegExp(`<v>${shown}</v>|>${shown}<`).test(text), `the export holds the score ${shown}`);
  const sheetRows = (text.match(/<row /g) ?? []).length;
  assert.equal(sheetRows - 1, rows.length, 'the export has the screen\'s rows (and its header)');
  // the page's events: the leave count in the list; per attempt the count of each kind and the timeline
  const leaves = Number((await admin.getByTestId('exam-g-leaves-staff').textContent()).trim());
  assert.ok(leaves >= 1, `the leave is counted (${leaves})`);
  assert.match(text, /失去焦点次数/, 'the export has the focus-loss count');
  await admin.getByTestId('exam-g-events-staff').click();
  const drawer = admin.getByTestId('exam-ev');
  await drawer.getByTestId('exam-ev-timeline').waitFor();
  const count = async (k) => Number((await drawer.getByTestId(`exam-ev-count-${k}`).textContent()).trim());
  assert.equal(await count('leave'), leaves, 'the drawer counts the leaves the list shows');
  assert.ok((await count('blur')) >= 1 && (await count('paste')) >= 1, 'focus lost and paste are counted');
  const timeline = await drawer.getByTestId('exam-ev-timeline').locator('.ant-table-row').allTextContents();
  assert.equal(timeline.length, leaves + (await count('blur')) + (await count('paste')), 'the timeline lists every event');
  assert.ok(timeline.some((r) => r.includes('粘贴')) && timeline.some((r) => /\d{2}:\d{2}:\d{2}/.test(r)), 'each event with its time and kind');
  await shot(admin, 'exam-events');
  await admin.keyboard.press('Escape');
  await drawer.waitFor({ state: 'detached' });

  // the single choice's key is corrected from the grades screen: the preview tells how many attempts' scores change,
  // the takers see results at once, so the correction is confirmed; the attempt is marked again and the exam's
  // history records it
  await admin.getByRole('tab', { name: '试题与答案' }).click();
  const keyRow = admin.getByTestId('exam-k-table').locator('.ant-table-row').filter({ hasText: `${tag} 公开招标的项目` });
  await keyRow.getByText('B', { exact: true }).waitFor();
  await shot(admin, 'exam-keys');
  await keyRow.getByRole('button', { name: '更正答案' }).click();
  const dialog = admin.getByTestId('exam-k-dialog');
  await dialog.waitFor();
  await dialog.getByTestId('exam-k-opt-A').click();
  await dialog.getByTestId('exam-k-preview').click();
  const impact = dialog.getByTestId('exam-k-impact');
  await impact.getByText(/将重新判分 1 份答卷/).waitFor();
  const changed = Number((await impact.textContent()).match(/其中 (\d+) 份得分改变/)[1]);
  // the confirmation is asked only when a score the taker already sees changes (the taker's shuffled first option may
  // have been neither B nor A)
  if (changed) {
    assert.ok(await admin.getByTestId('exam-k-apply').isDisabled(), 'results already shown: a confirmation first');
    await dialog.getByTestId('exam-k-confirm').click();
  }
  await shot(admin, 'exam-key-correct');
  await admin.getByTestId('exam-k-apply').click();
  await admin.getByText(/答案已更正，重新判分 1 份答卷/).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  await keyRow.getByText('A', { exact: true }).waitFor();
  await admin.getByRole('tab', { name: '答案更正记录' }).click();
  const hist = admin.getByTestId('exam-k-history').locator('.ant-table-row').first();
  await hist.getByText(/B\s*→\s*A/).waitFor();
  await shot(admin, 'exam-key-history');
  await admin.getByRole('tab', { name: '成绩', exact: true }).click();
  // the grades are fetched again on showing the tab (the cached line first)
  let rescored = Number(shown);
  for (let i = 0; i < 40 && changed && rescored === Number(shown); i++) {
    await admin.waitForTimeout(250);
    rescored = Number((await admin.getByTestId('exam-g-score-staff').textContent()).trim());
  }
  if (!changed) rescored = Number((await admin.getByTestId('exam-g-score-staff').textContent()).trim());
  await shot(admin, 'exam-grades-rekeyed');
  const delta = Math.abs(rescored - Number(shown));
  assert.equal(delta, changed ? 2 : 0, `the score moved by the question's 2 points when it changed (${shown} → ${rescored}, changed ${changed})`);

  // the same history from the exams screen
  await admin.goto('/exam_manage');
  await row(admin, examName).getByRole('button', { name: '试题与答案' }).click();
  await admin.getByRole('tab', { name: '答案更正记录' }).click();
  await admin.getByTestId('exam-k-history').locator('.ant-table-row').first().getByText(/B\s*→\s*A/).waitFor();
  await admin.keyboard.press('Escape');

  await admin.goto('/exam_grade');
  await choose(admin, 'exam-g-exam', examName, tag);
  await admin.getByRole('tab', { name: '成绩分析' }).click();
  await admin.getByTestId('exam-analysis').waitFor();
  await shot(admin, 'exam-analysis');
  await admin.getByRole('tab', { name: /阅卷/ }).click();
  await shot(admin, 'exam-marking');
  assert.deepEqual(phone.errors, [], 'no page error on the phone');
  assert.deepEqual(admin.errors, [], 'no page error on the admin screens');
});
