// Learning from the portal, as a staff member does it on the demo company (issue 28, workflow 4): signed in on the
// web, staff opens 学习课程 from the portal's navigation, sees what was pushed to them, the topics and every offered
// course, then taps 手机学习 and lands on the mobile learning page /h5Course without a second sign-in (a single-use
// hand-over code, no token in the address); there they open a pushed course and its PDF handout (a signed address
// in a new tab). Screenshots: the portal's learning page at 1440 px, /h5Course at 390 px, its sign-in when opened
// on its own (a phone) at 390 px.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, shot, login, waitPath } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('the portal learning page shows pushed, topic and offered courses at 1440 px', async () => {
  const page = await newPage(browser);
  await login(page, 'staff', 'Staff@123');
  await waitPath(page, '/gateway');
  await page.getByRole('menuitem', { name: '学习课程' }).click();
  await waitPath(page, '/gatewayCourse');
  const pushed = page.getByTestId('learn-pushed');
  await pushed.locator('a').first().waitFor();
  await page.getByTestId('learn-topics').locator('a').first().waitFor();
  assert.ok((await page.getByTestId('learn-all').locator('a').count()) >= 10, 'the offered courses are listed');
  await shot(page, 'learning-portal-1440');
  // a course opens with its courseware
  await page.getByTestId('learn-all').locator('a', { hasText: '投标廉洁与合规红线' }).click();
  await page.getByTestId('course-view').getByText('郭振华').waitFor();
  assert.equal(await page.locator('.ant-drawer-open').count(), 0, "a course's ?id= opens no library record");
  await page.getByTestId('course-wares').locator('[data-testid^="ware-open-"]').first().waitFor();
  await shot(page, 'learning-portal-course-1440');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('staff opens learning from the portal and reads a pushed course on the mobile page without signing in again', async () => {
  const phone = await newPage(browser, { width: 390, height: 844 });
  await login(phone, 'staff', 'Staff@123');
  await waitPath(phone, '/gateway');
  // the portal's tabs at a phone's width
  await phone.getByTestId('portal-tabs').getByText('学习课程').click();
  await waitPath(phone, '/gatewayCourse');
  await phone.getByTestId('open-h5').click();
  await waitPath(phone, '/h5Course');
  // no sign-in: the web session is carried over
  await phone.getByTestId('h5-home').waitFor();
  assert.equal(await phone.getByTestId('h5-login').count(), 0);
  assert.doesNotMatch(phone.url(), /code|token/i);
  assert.ok(await phone.evaluate(() => localStorage.getItem('h5Token')), 'a mobile session of its own');
  await phone.getByTestId('h5-user').getByText('张晓东').waitFor();
  await shot(phone, 'learning-h5-390');
  // a pushed course and its handout
  await phone.getByTestId('h5-pushed').getByText('投标廉洁与合规红线').click();
  await phone.getByTestId('h5-course').waitFor();
  const open = phone.getByTestId('h5-course').locator('[data-testid^="ware-open-"]').first();
  await open.waitFor();
  await shot(phone, 'learning-h5-course-390');
  const opened = phone.context().waitForEvent('page');
  const served = phone.context().waitForEvent('response', (r) => r.url().includes('/api/curriculum/play'));
  await open.click();
  const tab = await opened;
  const answer = await served;
  assert.equal(answer.status(), 200);
  assert.match(answer.headers()['content-type'] ?? '', /^application\/pdf/);
  await tab.close();
  // back to the list, then to the portal
  await phone.getByTestId('h5-back').click();
  await phone.getByTestId('h5-home').waitFor();
  await phone.getByTestId('h5-portal').click();
  await waitPath(phone, '/gatewayCourse');
  assert.deepEqual(phone.errors, []);
  await phone.close();
});

test('opened on its own, the mobile page shows a sign-in like the portal', async () => {
  const phone = await newPage(browser, { width: 390, height: 844 });
  await phone.goto('/h5Course');
  await phone.getByTestId('h5-login').waitFor();
  // 忘记密码 sits centred under the card's button, inside the card
  const card = await phone.getByTestId('h5-login').boundingBox();
  const forgot = await phone.getByTestId('h5-forgot').boundingBox();
  const centre = forgot.x + forgot.width / 2;
  assert.ok(Math.abs(centre - (card.x + card.width / 2)) < 3, `forgot link centred: ${centre} vs ${card.x + card.width / 2}`);
  assert.ok(forgot.y + forgot.height <= card.y + card.height, 'forgot link inside the card');
  await shot(phone, 'learning-h5-signin-390');
  await phone.close();
});
