// The API reference: /sys_config links to /api/docs, which renders the operations of /api/openapi.json in Swagger UI
// with the server's own files only (no request leaves the origin) and nothing refused by the page's CSP.
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, waitPath, BASE } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

test('/sys_config links administrators to the API reference', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/sys_config');
  const link = page.getByTestId('api-docs-link');
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), '/api/docs');
  assert.equal(await link.getAttribute('target'), '_blank');
  const [docs] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await docs.waitForURL('**/api/docs');
  await docs.locator('.swagger-ui .info .title').waitFor();
});

test('the API reference renders the operations from the server alone', async () => {
  const page = await newPage(browser);
  const origin = new URL(BASE).origin;
  const outside = [];
  const refused = [];
  page.context().on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('data:') && !u.startsWith('blob:') && new URL(u).origin !== origin) outside.push(u);
  });
  page.on('console', (m) => { if (/Content Security Policy|Refused to/i.test(m.text())) refused.push(m.text()); });
  await page.goto('/api/docs');
  await page.locator('.swagger-ui .info .title').waitFor();
  assert.match(await page.locator('.swagger-ui .info .title').innerText(), /BidDesk/);
  // the operations list: the first tag's operations drawn at once (Swagger UI draws the rest as the page scrolls)
  await page.locator('.swagger-ui .opblock').nth(9).waitFor();
  // the filter finds the sign-in among the auth tag's operations
  await page.locator('.operation-filter-input').fill('auth');
  const loginOp = page.locator('.opblock', { has: page.locator('.opblock-summary-path', { hasText: /^\/api\/login$/ }) }).first();
  await loginOp.waitFor();
  // an operation opens; read-only: no "Try it out"
  await loginOp.locator('.opblock-summary').click();
  await loginOp.locator('.opblock-body').waitFor();
  assert.equal(await page.locator('.try-out__btn').count(), 0);
  await shot(page, 'api-docs');

  assert.deepEqual(outside, [], 'requests outside the origin');
  assert.deepEqual(refused, [], 'refused by the CSP');
  assert.deepEqual(page.errors, [], 'page errors');
});
