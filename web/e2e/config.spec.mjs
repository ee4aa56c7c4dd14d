// System configuration in a real browser: the portal's header and footer set in /headerAndfooter_manager show in the
// portal shell (for every user), the help-centre URL set in /sys_config is where the header's 'help centre' leads,
// and a system notice goes through its dialog (add, edit with its values, delete).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, dialogSettled, waitPath, row, confirmIrreversible, api } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

async function signIn(page, code, password) {
  await login(page, code, password);
  await waitPath(page, '/gateway');
}

test('the header and footer set in /headerAndfooter_manager show in the portal', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin', 'Admin@123');
  const original = (await api(page, 'GET', '/api/sys/common/portal/layout')).data;
  try {
    await page.goto('/headerAndfooter_manager');
    const title = page.getByTestId('layout-title');
    await title.waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="layout-title"]')?.value);
    assert.equal(await title.inputValue(), original.title);

    // Edits show in the preview before anything is saved.
    await title.fill('E2E 投标资料门户');
    await page.getByTestId('layout-copyright').fill('© 2026 E2E 示例集团');
    await page.getByTestId('layout-header-link-add').click();
    await page.getByTestId('layout-header-link-title-0').fill('集团官网');
    await page.getByTestId('layout-header-link-url-0').fill('https://www.example.com/');
    await page.getByTestId('layout-header-link-row-0').getByRole('checkbox').check();
    await page.getByTestId('layout-footer-link-add').click();
    await page.getByTestId('layout-footer-link-title-0').fill('联系我们');
    await page.getByTestId('layout-footer-link-url-0').fill('javascript:alert(1)');
    const preview = page.getByTestId('layout-preview');
    await preview.getByText('E2E 投标资料门户').waitFor();
    await preview.getByText('© 2026 E2E 示例集团').waitFor();

    // A javascript: link is refused before anything is sent.
    await page.getByTestId('layout-save').click();
    await page.getByText('请按提示完善表单后再提交').first().waitFor();
    await page.getByText('须为 http(s) 地址或以 / 开头的站内路径').first().waitFor();
    assert.equal(await preview.getByText('联系我们').count(), 0, 'an invalid link is not previewed');
    await page.getByTestId('layout-footer-link-url-0').fill('/gatewayMsg');
    await preview.getByText('联系我们').waitFor();
    await shot(page, 'header-footer-manager');
    await page.getByTestId('layout-save').click();
    await page.getByText('操作成功').first().waitFor();

    // The portal shell shows the saved layout at once (the admin's own shell) ...
    await page.goto('/gateway');
    await page.getByTestId('portal-title').getByText('E2E 投标资料门户').waitFor();
    const headerLink = page.getByTestId('portal-header-link-0');
    assert.equal(await headerLink.innerText(), '集团官网');
    assert.equal(await headerLink.getAttribute('href'), 'https://www.example.com/');
    assert.equal(await headerLink.getAttribute('target'), '_blank');
    assert.equal(await page.getByTestId('portal-copyright').innerText(), '© 2026 E2E 示例集团');
    await page.getByTestId('portal-footer-link-0').click();
    await waitPath(page, '/gatewayMsg');
    await shot(page, 'portal-configured-header-footer');

    // ... and to everyone else.
    const staff = await newPage(browser);
    await signIn(staff, 'staff', 'Staff@123');
    await staff.getByTestId('portal-title').getByText('E2E 投标资料门户').waitFor();
    await staff.getByTestId('portal-footer').getByText('联系我们').waitFor();
    assert.deepEqual(staff.errors, []);
    await staff.context().close();
    assert.deepEqual(page.errors, []);
  } finally {
    await api(page, 'PUT', '/api/sys/headerFooter/edit', original);
    await page.context().close();
  }
});

test('the help-centre URL set in /sys_config is where the header menu leads', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin', 'Admin@123');
  const context = page.context();
  // The help site is not reachable from the test machine: answer it here.
  await context.route('https://help.e2e.example/**', (r) => r.fulfill({ contentType: 'text/html', body: '<title>E2E help</title><p>help centre</p>' }));

  await page.goto('/sys_config');
  await page.getByTestId('param-edit-sys.help_url').click();
  await dialogSettled(page);
  const value = page.getByTestId('param-form-value');
  assert.equal(await value.inputValue(), 'https://help.example.com');
  // A javascript: URL is refused in the dialog.
  await value.fill('javascript:alert(document.cookie)');
  await page.getByTestId('param-form-ok').click();
  await page.getByText('须为 http(s) 地址或以 / 开头的站内路径').first().waitFor();
  await value.fill('https://help.e2e.example/centre?from=biddesk');
  await shot(page, 'sys-config-edit-help-url');
  await page.getByTestId('param-form-ok').click();
  await value.waitFor({ state: 'hidden' });
  await page.getByTestId('param-value-sys.help_url').getByText('https://help.e2e.example/centre?from=biddesk').waitFor();
  assert.doesNotMatch(await page.getByTestId('param-value-sys.help_url').innerText(), /默认值/);
  await shot(page, 'sys-config');

  // The header's help entry (this very page, no reload) links to the new URL and opens it in a new tab.
  await page.getByTestId('user-menu').click();
  const help = page.getByTestId('menu-help');
  await help.waitFor();
  assert.equal(await help.getAttribute('href'), 'https://help.e2e.example/centre?from=biddesk');
  const [helpPage] = await Promise.all([context.waitForEvent('page'), help.click()]);
  await helpPage.waitForLoadState();
  assert.equal(helpPage.url(), 'https://help.e2e.example/centre?from=biddesk');
  assert.equal(await helpPage.title(), 'E2E help');
  await helpPage.close();

  // Another user signing in gets it too.
  const staff = await newPage(browser);
  await signIn(staff, 'staff', 'Staff@123');
  await staff.getByTestId('user-menu').click();
  await staff.getByTestId('menu-help').waitFor();
  await staff.waitForFunction(() => document.querySelector('[data-testid="menu-help"]')?.getAttribute('href')?.includes('help.e2e.example'));
  await staff.context().close();

  // 'Restore default' forgets the value: the flag's default applies again.
  await page.keyboard.press('Escape');
  await page.getByTestId('param-edit-sys.help_url').click();
  await dialogSettled(page);
  await page.getByTestId('param-form-reset').click();
  await page.getByTestId('param-form-value').waitFor({ state: 'hidden' });
  await row(page, 'sys.help_url').getByText('https://help.example.com').waitFor();
  await row(page, 'sys.help_url').getByText('默认值').waitFor();
  assert.deepEqual(page.errors, []);
  await context.close();
});

test('a system notice is added, edited with its values loaded, and deleted with confirmation', async () => {
  const page = await newPage(browser);
  await signIn(page, 'admin', 'Admin@123');
  await page.goto('/sys_config');
  await page.getByTestId('tab-notices').click();
  await page.getByTestId('notice-add').click();
  await dialogSettled(page);
  // an empty form is refused with the spec's message
  await page.getByTestId('notice-form-ok').click();
  await page.getByText('请按提示完善表单后再提交').waitFor();
  await page.getByTestId('notice-form-title').fill('E2E系统维护通知');
  await page.getByTestId('notice-form-content').fill('今晚22:00至23:00系统维护。');
  await page.getByTestId('notice-form-ok').click();
  await row(page, 'E2E系统维护通知').waitFor();

  // the edit dialog starts from the stored values
  const id = (await row(page, 'E2E系统维护通知').getAttribute('data-row-key'));
  await page.getByTestId(`notice-edit-${id}`).click();
  await dialogSettled(page);
  assert.equal(await page.getByTestId('notice-form-title').inputValue(), 'E2E系统维护通知');
  assert.equal(await page.getByTestId('notice-form-content').inputValue(), '今晚22:00至23:00系统维护。');
  await page.getByTestId('notice-form-title').fill('E2E系统维护通知（改）');
  await page.getByTestId('notice-form-ok').click();
  await row(page, 'E2E系统维护通知（改）').waitFor();

  // a new notice starts empty again after an edit
  await page.getByTestId('notice-add').click();
  await dialogSettled(page);
  assert.equal(await page.getByTestId('notice-form-title').inputValue(), '');
  await page.keyboard.press('Escape');

  await page.getByTestId(`notice-delete-${id}`).click();
  await confirmIrreversible(page);
  await row(page, 'E2E系统维护通知（改）').waitFor({ state: 'detached' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
