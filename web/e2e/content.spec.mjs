// Learning content (/course_manager) and the resource selector in a real browser: the administrator makes a course
// type and a course with a cover, approves and publishes it, then on /gatewaymanager adds a banner that opens the
// course through the selector ('next' without a choice warns '请选择内容'; the set-image step shows the course's cover
// and title, which the administrator changes), and a banner for a link through the 'other' tab; then pushes the course
// to a company chosen with the organisation picker, and staff (a department of that company) finds it under 学习课程
// in the portal and opens it. The spec deletes what it made (the specs share one server).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, shot, dialogSettled, row, confirmIrreversible, png, signedIn, openPickerPath, pickerNode, validPdf } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('a course is made, approved and published, and a banner opens it through the resource selector', async () => {
  const page = await signedIn(browser, 'admin', 'Admin@123');

  // a course type
  await page.goto('/course_manager?tab=types');
  await page.getByTestId('ctype-add').click();
  await dialogSettled(page);
  await page.getByTestId('ctype-form-name').fill('E2E 通用类');
  await page.getByTestId('ctype-form-ok').click();
  await row(page, 'E2E 通用类').waitFor();

  // a course: the cover follows the banner image rules
  await page.getByTestId('content-tab-courses').click();
  await page.getByTestId('course-add').click();
  await dialogSettled(page);
  await page.getByTestId('course-form-name').fill('E2E 投标文件编制');
  const cover = page.getByTestId('course-form-cover').locator('input[type=file]');
  await cover.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: png(344, 150) });
  await page.getByText('small.png: 上传的图片不能小于345*150像素!').first().waitFor();
  await cover.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: png(1125, 468) });
  await page.getByTestId('course-form').locator('img').first().waitFor();
  await page.getByTestId('course-form-type').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: 'E2E 通用类' }).click();
  await page.getByTestId('course-form-lecturer').fill('王老师');
  await shot(page, 'content-course-dialog');
  await page.getByTestId('course-form-ok').click();
  const courseRow = row(page, 'E2E 投标文件编制');
  await courseRow.waitFor();
  assert.match(await courseRow.innerText(), /E2E 通用类[\s\S]*王老师[\s\S]*待审核[\s\S]*未发布/);

  // approve, then publish
  await courseRow.getByRole('button', { name: '审核', exact: true }).click();
  await dialogSettled(page);
  await page.getByTestId('course-audit-state').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '已通过' }).click();
  await page.locator('#course-audit-ok').click();
  await courseRow.getByText('已通过').waitFor();
  await courseRow.getByRole('button', { name: '发布', exact: true }).click();
  await courseRow.getByText('已发布').waitFor();
  await shot(page, 'content-course-list');

  // the banner: choose the course in the selector
  await page.goto('/gatewaymanager');
  await page.getByTestId('banner-from-content').click();
  await dialogSettled(page);
  const dialog = page.getByTestId('resource-selector');
  const width = await page.locator('.ant-modal').filter({ has: dialog }).boundingBox();
  assert.ok(Math.abs(width.width - 700) < 2, `selector width ${width.width}`);
  for (const tab of ['课程', '专题', '其它']) await page.locator('.ant-tabs-tab', { hasText: tab }).first().waitFor();
  await page.getByTestId('resource-next').click();
  await page.getByText('请选择内容').first().waitFor();
  await page.getByTestId('resource-course-name').locator('input').fill('E2E 投标');
  await page.getByTestId('resource-course-name').locator('input').press('Enter');
  const card = dialog.locator('[data-testid^="resource-card-"]', { hasText: 'E2E 投标文件编制' });
  await card.waitFor();
  await card.click();
  await shot(page, 'content-selector-course');
  await page.getByTestId('resource-next').click();
  await page.getByTestId('resource-set').waitFor();
  assert.equal(await page.getByTestId('resource-next').count(), 0); // next is replaced by confirm
  assert.equal(await page.getByTestId('resource-set-name').inputValue(), 'E2E 投标文件编制');
  await page.getByTestId('resource-set').locator('img').first().waitFor(); // the course's cover
  await page.getByTestId('resource-set-name').fill('E2E 推荐课程');
  await shot(page, 'content-selector-set');
  await page.getByTestId('resource-confirm').click();
  const courseBanner = row(page, 'E2E 推荐课程');
  await courseBanner.waitFor();
  assert.match(await courseBanner.innerText(), /\/gatewayCourse\?id=\d+/);

  // a link through the 'other' tab: the cover is required
  await page.getByTestId('banner-from-content').click();
  await dialogSettled(page);
  await page.getByTestId('resource-tab-other').click();
  await page.getByTestId('resource-link-title').fill('E2E 外部链接');
  await page.getByTestId('resource-link-url').fill('https://example.com/e2e');
  await page.getByTestId('resource-confirm').click();
  await page.getByText('请上传封面').first().waitFor();
  await page.getByTestId('resource-link-cover').locator('input[type=file]').setInputFiles({ name: 'link.png', mimeType: 'image/png', buffer: png(1125, 468) });
  await page.getByTestId('resource-link').locator('img').first().waitFor();
  await page.getByTestId('resource-confirm').click();
  const linkBanner = row(page, 'E2E 外部链接');
  await linkBanner.waitFor();
  assert.match(await linkBanner.innerText(), /https:\/\/example\.com\/e2e/);
  await shot(page, 'content-banners');

  // push the course to a company with the picker; staff (a department of that company) sees it in the portal
  await page.goto('/course_manager?tab=push');
  await page.getByTestId('push-add').click();
  await dialogSettled(page);
  await page.getByTestId('push-form-title').fill('E2E 新员工必修');
  await page.getByTestId('push-form-choose').click();
  await dialogSettled(page);
  assert.equal(await page.getByTestId('resource-next').count(), 0); // multi-select: no next
  const pushCard = page.getByTestId('resource-grid').locator('[data-testid^="resource-card-"]', { hasText: 'E2E 投标文件编制' });
  await pushCard.click();
  assert.equal(await pushCard.locator('.ant-checkbox-checked').count(), 1);
  await page.getByTestId('resource-confirm').click();
  await page.getByTestId('push-form-items').getByText('E2E 投标文件编制').waitFor();
  await page.getByTestId('push-form-audience').click();
  await page.getByTestId('picker-tree').waitFor();
  await dialogSettled(page);
  await openPickerPath(page, ['区域公司']);
  await pickerNode(page, '北京华信物业服务有限公司').locator('.ant-tree-title').click();
  await page.getByTestId('picker-add').click();
  await page.getByTestId('picker-ok').click();
  await page.getByTestId('push-form-audience-tags').getByText('北京华信物业服务有限公司').waitFor();
  await shot(page, 'content-push-dialog');
  await page.getByTestId('push-form-ok').click();
  await row(page, 'E2E 新员工必修').waitFor();

  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.getByText('学习课程').first().click();
  const mine = staff.getByTestId('learn-pushed').locator('a', { hasText: 'E2E 投标文件编制' });
  await mine.waitFor();
  await shot(staff, 'content-portal-mine');
  await mine.click();
  await staff.getByTestId('course-view').getByText('王老师').waitFor();
  await staff.close();

  // clean up: the push, both banners, the course, the type
  const pid = await row(page, 'E2E 新员工必修').getAttribute('data-row-key');
  await page.getByTestId(`push-delete-${pid}`).click();
  await confirmIrreversible(page);
  await row(page, 'E2E 新员工必修').waitFor({ state: 'detached' });
  await page.goto('/gatewaymanager');
  for (const title of ['E2E 推荐课程', 'E2E 外部链接']) {
    const id = await row(page, title).getAttribute('data-row-key');
    await page.getByTestId(`banner-delete-${id}`).click();
    await confirmIrreversible(page);
    await row(page, title).waitFor({ state: 'detached' });
  }
  await page.goto('/course_manager');
  const cid = await row(page, 'E2E 投标文件编制').getAttribute('data-row-key');
  await page.getByTestId(`course-delete-${cid}`).click();
  await confirmIrreversible(page);
  await row(page, 'E2E 投标文件编制').waitFor({ state: 'detached' });
  await page.goto('/course_manager?tab=types');
  const tid = await row(page, 'E2E 通用类').getAttribute('data-row-key');
  await page.getByTestId(`ctype-delete-${tid}`).click();
  await confirmIrreversible(page);
  await row(page, 'E2E 通用类').waitFor({ state: 'detached' });
});

// Courseware and the learner page: the administrator (set-up through the API: a type, an offered course, a push to
// staff's company) uploads a PDF courseware in the course's courseware dialog; staff signs in on the phone-width
// learner page /h5Course with the curriculum-user API, sees the pushed course, opens it and its PDF (a signed address
// in a new tab), and signs out.
test('a learner signs in on the mobile page and opens the PDF courseware of a pushed course', async () => {
  const page = await signedIn(browser, 'admin', 'Admin@123');
  const api = async (method, path, body) =>
    page.evaluate(async ({ method, path, body }) => {
      const tok = JSON.parse(sessionStorage.getItem('userInfo')).accessToken;
      const r = await fetch(path, { method, headers: { Authorization: `Bearer ${tok}`, 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
      return r.json();
    }, { method, path, body });
  const up = await page.evaluate(async (bytes) => {
    const tok = JSON.parse(sessionStorage.getItem('userInfo')).accessToken;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'cover.png');
    const r = await fetch('/api/banner/upload', { method: 'POST', headers: { Authorization: `Bearer ${tok}` }, body: form });
    return r.json();
  }, [...png(1125, 468)]);
  const type = await api('POST', '/api/course/type', { parentId: 0, name: 'E2E 课件类', sort: 1 });
  const course = await api('POST', '/api/course/add', { name: 'E2E 移动课程', cover: up.data.url, typeId: type.data.id, lecturer: '李老师' });
  const cid = course.data.id;
  await api('PUT', '/api/course/audit', { ids: [cid], auditStatus: '1', remark: '' });
  await api('PUT', '/api/course/publish', { ids: [cid], published: 1 });
  const push = await api('POST', '/api/course/push/add', { title: 'E2E 移动推送', items: [{ type: '1', id: cid }],
    organ: [{ fullUnitCode: '100201', unitName: '北京华信物业服务有限公司' }] });
  assert.equal(push.code, 0, JSON.stringify(push));

  // the courseware dialog: a PDF goes up and is ready
  await page.goto('/course_manager');
  await page.getByTestId(`course-ware-btn-${cid}`).click();
  await dialogSettled(page);
  await page.getByTestId('courseware-upload-coursePdf').locator('xpath=ancestor::span[contains(@class,"ant-upload")]').locator('input[type=file]')
    .setInputFiles({ name: 'E2E 讲义.pdf', mimeType: 'application/pdf', buffer: validPdf() });
  await page.getByTestId('courseware-table').getByText('E2E 讲义.pdf').waitFor();
  await page.getByTestId('courseware-table').getByText('可用').waitFor();
  await shot(page, 'content-courseware-dialog');

  // staff on the phone-width learner page
  const phone = await newPage(browser, { width: 390, height: 800 });
  await phone.goto('/h5Course');
  await phone.getByTestId('h5-login-code').fill('staff');
  await phone.getByTestId('h5-password').fill('Staff@123');
  await phone.getByTestId('h5-submit').click();
  const item = phone.getByTestId(`h5-course-${cid}`);
  await item.waitFor();
  await shot(phone, 'content-learner-courses');
  await item.click();
  const ware = phone.getByTestId('h5-course').locator('[data-testid^="ware-"]', { hasText: 'E2E 讲义.pdf' }).getByRole('button');
  await ware.waitFor();
  // the new tab is the signed address, answered with the PDF (the headless shell has no PDF viewer: it never fires
  // the tab's load event, so the answer itself is awaited)
  const opened = phone.context().waitForEvent('page');
  const served = phone.context().waitForEvent('response', (r) => r.url().includes('/api/curriculum/play'));
  await ware.click();
  const tab = await opened;
  const answer = await served;
  assert.match(answer.url(), /\/api\/curriculum\/play\?id=\d+&sid=\d+&expires=\d+&sig=[0-9a-f]{64}$/);
  assert.equal(answer.status(), 200);
  assert.match(answer.headers()['content-type'] ?? '', /^application\/pdf/);
  assert.equal(answer.frame().page(), tab);
  await tab.close();
  await shot(phone, 'content-learner-course');
  await phone.getByTestId('h5-sign-out').click();
  await phone.getByTestId('h5-login').waitFor();
  assert.equal(await phone.evaluate(() => localStorage.getItem('h5Token')), null);
  await phone.close();

  // clean up
  await page.keyboard.press('Escape');
  await api('DELETE', '/api/course/push/del', { ids: [push.data.id] });
  await api('DELETE', '/api/course/del', { ids: [cid] });
  await api('DELETE', '/api/course/type', { ids: [type.data.id] });
  await page.close();
});
