// Certificate rewards in a real browser, on the demo data alone (issue 28): the demo staff member 张晓东 sees where his
// applications stand and who is next, applies with his 一级建造师 for a tender of his unit line (the bid date and
// result filled from the tender library, the certificate and tender that cannot be claimed shown with the reason);
// libadmin approves the first level and is told he cannot decide the second; admin approves the second; the report
// and its export hold the amount; the staff member sees it paid. No API call prepares or shortcuts any of it.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, shot, signedIn, row, exportFile, zipText } from './helpers.mjs';

/**
 * Picks the option whose text is text (a RegExp: matching it) in the select opened by the control with testId.
 * A click that lands while the dropdown is still moving in can be lost (the option stays unselected and the list
 * open), so the option is clicked again until the list closes, and the select must then show the choice.
 */
async function choose(page, scope, testId, text) {
  const control = scope.getByTestId(testId);
  const name = typeof text === 'string' ? new RegExp(`^${text}$`) : text;
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first();
  for (let attempt = 1; ; attempt++) {
    if (!(await option.isVisible())) await control.click();
    await option.click();
    try {
      await option.waitFor({ state: 'hidden', timeout: 3000 });
      break;
    } catch (e) {
      if (attempt === 4) throw e;
    }
  }
  const shown = (await control.evaluate((el) => el.closest('.ant-select')?.textContent ?? el.textContent)) ?? '';
  assert.match(shown, typeof text === 'string' ? new RegExp(text) : text, `${testId} shows the choice`);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

test('on the demo data, a staff member applies for a certificate reward from the screens, libadmin and admin approve the two levels, the report shows it', async () => {
  // everything from the demo data: 张晓东's certificates in the expert library, the tenders of his unit line, the rules
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  await staff.goto('/gatewayMsg');
  await staff.getByTestId('reward-portal').getByText('3 项已发放 · 2 项审批中').waitFor();
  await staff.getByTestId('reward-portal-open').click();
  const drawer = staff.getByTestId('reward-drawer');
  await drawer.getByTestId('reward-can-apply').getByText('先由具有本单位审核权限的管理员进行单位审核').waitFor();
  // the demo applications show where they stand and who is next
  const mine = drawer.locator('[data-testid^="reward-mine-"]');
  await mine.filter({ hasText: '朝阳区教育系统校园物业服务采购' }).getByText('下一步：待单位审核（由具有本单位审核权限的管理员审批）').waitFor();
  await mine.filter({ hasText: '中关村软件园物业服务项目' }).getByText('办理人：系统管理员').waitFor();
  await mine.filter({ hasText: '北京经开区科创园区综合设施运维项目' }).getByText(/驳回原因：/).waitFor();
  await mine.nth(3).scrollIntoViewIfNeeded();
  await shot(staff, 'reward-portal-mine');

  // a certificate whose name gives no level cannot be chosen, and says why
  await drawer.getByTestId('reward-apply-cert').click();
  const cisp = staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'CISP-2021-11873' });
  await cisp.getByText(/无法从证书「注册信息安全专业人员」的名称确定证书等级/).waitFor();
  assert.match((await cisp.getAttribute('class')) ?? '', /disabled/);
  await staff.keyboard.press('Escape');
  await cisp.waitFor({ state: 'hidden' });
  await choose(staff, drawer, 'reward-apply-cert', /JZ-BJ-2016-0716/);
  // the kind and level are the library's (一级建造师), shown, not chosen
  await drawer.getByTestId('reward-apply-kind').filter({ hasText: '建造师 / 一级' }).waitFor();
  // the tenders are those of his unit line; the one claimed with this certificate already cannot be chosen
  await drawer.getByTestId('reward-apply-tender').click();
  const claimed = staff.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中关村软件园物业服务项目' });
  await claimed.getByText('该证书已就此标书申请过奖励，不能重复申请').waitFor();
  assert.match((await claimed.getAttribute('class')) ?? '', /disabled/);
  await staff.keyboard.press('Escape');
  await claimed.waitFor({ state: 'hidden' });
  await choose(staff, drawer, 'reward-apply-tender', /北京地铁运营控制中心保洁服务项目/);
  // the bid date and result come from the tender library
  const bid = drawer.getByTestId('reward-apply-bid');
  await bid.getByTestId('reward-apply-date-shown').filter({ hasText: /^\d{4}-\d{2}-\d{2}$/ }).waitFor();
  await bid.getByTestId('reward-apply-result').filter({ hasText: '中标' }).waitFor();
  await bid.getByText('北京华信物业服务有限公司 / 投标管理部').waitFor();
  await drawer.getByTestId('reward-apply-files').locator('input[type=file]').setInputFiles({ name: '中标通知书.pdf', mimeType: 'application/pdf', buffer: PDF });
  await drawer.locator('.ant-upload-list-item-done', { hasText: '中标通知书.pdf' }).waitFor();
  await shot(staff, 'reward-apply');
  await drawer.getByTestId('reward-apply-submit').click();
  const applied = mine.filter({ hasText: '北京地铁运营控制中心保洁服务项目' });
  await applied.getByText('待审核').waitFor();
  await applied.getByText(/办理人：.*李思远/).waitFor();

  // libadmin decides the first level
  const lib = await signedIn(browser, 'libadmin', 'Library@123');
  await lib.goto('/useCertificateRewardAudit');
  await lib.getByTestId('reward-flow').getByText('当前为两级审批').waitFor();
  let app = row(lib, '北京地铁运营控制中心保洁服务项目');
  await app.getByText('可由您审批').waitFor();
  await app.getByRole('checkbox').check();
  await lib.getByTestId('reward-approve').click();
  await app.getByText('单位已审核').waitFor();
  // he cannot decide the second level, and is told who can
  await app.getByText('您已办理第一级审批，第二级须由其他审批人办理：系统管理员').waitFor();
  assert.equal(await app.getByRole('checkbox').isDisabled(), true);
  await shot(lib, 'reward-audit-level1');

  // admin decides the second
  const admin = await signedIn(browser, 'admin', 'Admin@123');
  await admin.goto('/useCertificateRewardAudit');
  app = row(admin, '北京地铁运营控制中心保洁服务项目');
  await app.getByText('可由您审批').waitFor();
  await app.getByRole('checkbox').check();
  await admin.getByTestId('reward-approve').click();
  await app.getByText('已通过').waitFor();
  assert.match(await app.innerText(), /3,500\.00 元/);
  await shot(admin, 'reward-audit');

  // the report: the demo's three paid applications (7,000.00) and this one (3,500.00)
  await admin.goto('/useCertificateRewardReport');
  await admin.getByTestId('reward-total').getByText('10,500.00').waitFor();
  await row(admin, '张晓东').getByText('10,500.00').waitFor();
  await shot(admin, 'reward-report');
  const { body, headers } = await exportFile(admin, '**/api/reward/report/export**');
  assert.match(headers['content-disposition'], new RegExp(`filename\\*=UTF-8''${encodeURIComponent('证书奖励报表')}_\\d{14}\\.xlsx$`));
  const text = zipText(body);
  assert.ok(text.includes('合计') && text.includes('10500.00'), 'the export holds the total');

  // the applicant sees the amount
  await staff.reload();
  await staff.getByTestId('reward-drawer').locator('[data-testid^="reward-mine-"]', { hasText: '北京地铁运营控制中心保洁服务项目' }).getByText('奖励 3,500.00 元').waitFor();
  assert.deepEqual(admin.errors, []);
  assert.deepEqual(lib.errors, []);
  assert.deepEqual(staff.errors, []);
});
