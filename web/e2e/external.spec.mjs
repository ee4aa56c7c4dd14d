// External organisations and users, and the data handover, in a real browser.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, row, signedIn, nextCallSignsOut, firstSignIn } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

/** Types into a searching select and picks the option holding text. */
async function pick(page, testId, keyword, text) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(keyword);
  // the select searches as you type: wait until the keyword's answer has replaced the first options
  await page.waitForFunction((kw) => {
    const opts = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    return opts.length > 0 && opts.every((o) => (o.textContent ?? '').toLowerCase().includes(kw.toLowerCase()));
  }, keyword);
  await page.waitForTimeout(300);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

test('an external organisation and user: the user sees only the portal, and is stopped when the organisation is disabled', async () => {
  const admin = await signedIn(browser, 'admin', 'Admin@123');

  // The organisation: the dialog checks the phone (mobile or landline) as the server does.
  await admin.goto('/externalOrgan');
  await row(admin, '华信生态合作伙伴（演示）').waitFor();
  await admin.getByTestId('org-add').click();
  await dialogSettled(admin);
  const dialog = admin.getByTestId('org-dialog');
  await admin.getByTestId('org-submit').click();
  await dialog.getByText('请输入组织名称').waitFor();
  await admin.getByTestId('org-name').fill('星河咨询有限公司');
  await admin.getByTestId('org-code').fill('XH-01');
  await admin.getByTestId('org-kind').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '客户' }).click();
  await admin.getByTestId('org-contact').fill('李雷');
  await admin.getByTestId('org-phone').fill('12345');
  await dialog.getByText('请输入正确的手机号码或固定电话（如 010-12345678）').waitFor();
  await admin.getByTestId('org-phone').fill('010-12345678');
  await admin.getByTestId('org-email').fill('lilei@xinghe.cn');
  await pick(admin, 'org-owner', '张晓', '张晓东(staff)');
  await shot(admin, 'external-organ-dialog');
  await admin.getByTestId('org-submit').click();
  await row(admin, '星河咨询有限公司').waitFor();
  assert.match(await row(admin, '星河咨询有限公司').innerText(), /XH-01[\s\S]*客户[\s\S]*李雷[\s\S]*010-12345678[\s\S]*张晓东\(staff\)[\s\S]*0[\s\S]*可用/);
  await shot(admin, 'external-organ-list');

  // Its user: the organisation instead of a unit; only portal roles are offered.
  await admin.goto('/externalUser');
  await row(admin, 'partner').waitFor();
  await admin.getByTestId('user-add').click();
  await dialogSettled(admin);
  await admin.getByTestId('user-loginCode').fill('xh.li');
  await admin.getByTestId('user-userName').fill('李雷');
  await pick(admin, 'user-org', '星河', '星河咨询有限公司');
  await admin.getByTestId('user-phone').fill('13912345678');
  await admin.getByTestId('user-password').fill('Start#2024');
  // the organisation's dropdown must be gone before the roles' opens, or its options count too
  await admin.locator('.ant-select-dropdown:visible').first().waitFor({ state: 'hidden' });
  await admin.getByTestId('user-roles').click();
  const options = admin.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await options.first().waitFor();
  // the list may be drawn again as its look-up answers: read it once it holds options
  let offered = [];
  for (let i = 0; i < 50 && offered.length === 0; i++) {
    offered = await options.allInnerTexts();
    if (offered.length === 0) await admin.waitForTimeout(100);
  }
  assert.deepEqual(offered, ['员工']);
  await options.first().click();
  await admin.keyboard.press('Escape');
  await shot(admin, 'external-user-dialog');
  await admin.getByTestId('user-dialog').getByRole('button', { name: /确\s*认/ }).click();
  await row(admin, 'xh.li').waitFor();
  assert.match(await row(admin, 'xh.li').innerText(), /李雷[\s\S]*星河咨询有限公司[\s\S]*员工[\s\S]*可用/);
  await shot(admin, 'external-user-list');

  // The user signs in at /login2, changes the initial password, and has the portal only.
  const user = await firstSignIn(browser, 'xh.li', 'Start#2024', 'Mine#2024x', '/login2');
  const session = await user.evaluate(() => JSON.parse(sessionStorage.getItem('userInfo')));
  assert.deepEqual(session.sysMenus, []);
  assert.equal(session.funCodes, 'gateway');
  await user.getByTestId('user-menu').click();
  await user.getByTestId('menu-logout').waitFor();
  assert.equal(await user.getByTestId('menu-enter-admin').count(), 0);
  await user.keyboard.press('Escape');
  await shot(user, 'external-user-portal');
  await user.goto('/externalUser');
  await user.getByTestId('forbidden').waitFor();
  await user.goto('/gateway');
  await waitPath(user, '/gateway');

  // The staff sign-in refuses the external account.
  const wrong = await newPage(browser);
  await login(wrong, 'xh.li', 'Mine#2024x');
  await wrong.getByText('账号或密码错误').first().waitFor();
  await wrong.context().close();

  // The administrator disables the organisation: the user's next call sends them to /login.
  await admin.goto('/externalOrgan');
  await admin.getByTestId('org-state-星河咨询有限公司').click();
  await row(admin, '星河咨询有限公司').getByText('禁用').waitFor();
  await nextCallSignsOut(user);
  // Signing in again is refused while the organisation is disabled.
  await login(user, 'xh.li', 'Mine#2024x', '/login2');
  await user.getByText('账号或密码错误').first().waitFor();
  await user.context().close();
  await admin.goto('/externalUser');
  assert.match(await row(admin, 'xh.li').innerText(), /组织已停用/);
  await shot(admin, 'external-user-org-disabled');
  assert.deepEqual(admin.errors, []);
  await admin.context().close();
});

test('a data handover is previewed, run and undone', async () => {
  const page = await signedIn(browser, 'admin', 'Admin@123');
  await page.goto('/handover_manager');
  await page.getByTestId('handover-card').waitFor();

  // staff (张晓东) leaves: his role and the two organisations he is in charge of go to libadmin.
  await pick(page, 'handover-from', '张晓', '张晓东(staff)');
  await pick(page, 'handover-to', 'lib', '李思远(libadmin)');
  await page.getByTestId('handover-preview').click();
  const counts = page.getByTestId('handover-counts');
  await counts.waitFor();
  assert.match(await counts.innerText(), /角色成员\s+1\s+0[\s\S]*负责的外部组织\s+2\s+0[\s\S]*合计\s+3/);
  await page.getByTestId('handover-remark').fill('离职交接');
  await shot(page, 'handover-preview');
  await page.getByTestId('handover-run').click();
  await page.getByTestId('handover-confirm').click();
  await page.getByTestId('handover-result').getByText('交接完成：共 3 条').waitFor();
  await row(page, '离职交接').waitFor();
  assert.match(await row(page, '离职交接').innerText(), /张晓东\(staff\)[\s\S]*李思远\(libadmin\)[\s\S]*角色成员 1[\s\S]*负责的外部组织 2[\s\S]*3[\s\S]*已完成/);
  await shot(page, 'handover-done');

  // The organisations are libadmin's now.
  await page.goto('/externalOrgan');
  await row(page, '星河咨询有限公司').waitFor();
  assert.match(await row(page, '星河咨询有限公司').innerText(), /李思远\(libadmin\)/);
  assert.match(await row(page, '华信生态合作伙伴（演示）').innerText(), /李思远\(libadmin\)/);

  // Undo from the record: exactly those go back.
  await page.goto('/handover_manager');
  await row(page, '离职交接').waitFor();
  await row(page, '离职交接').locator('[data-testid^="undo-"]').click();
  await page.getByTestId('undo-confirm').click();
  await row(page, '离职交接').getByText('已撤销').waitFor();
  assert.equal(await row(page, '离职交接').locator('[data-testid^="undo-"]').count(), 0);
  await shot(page, 'handover-undone');
  await page.goto('/externalOrgan');
  await row(page, '星河咨询有限公司').waitFor();
  assert.match(await row(page, '星河咨询有限公司').innerText(), /张晓东\(staff\)/);
  assert.match(await row(page, '华信生态合作伙伴（演示）').innerText(), /张晓东\(staff\)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
