// Single sign-on from the HR system (ticket mode) and the forgotten password, in a real browser against a second
// biddesk started with an HR ticket server and an SMS gateway that run here (node http servers).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { ACTION_TIMEOUT, contextOptions, launch, shot } from './helpers.mjs';
import { startServer } from '../scripts/testServer.mjs';

const CLIENT_ID = 'biddesk-e2e';
const CLIENT_SECRET = 'e2e-client-secret';
const STAFF_EMPLOYEE = 'HX000007'; // org.DemoEmployee(org.DemoStaffEmployee)

let browser, server, hr, sms;
const issued = new Map(); // HR code -> employee code
const messages = []; // what the SMS gateway got

function listen(handler) {
  return new Promise((resolve) => {
    const srv = createServer(handler);
    srv.listen(0, '127.0.0.1', () => resolve({ srv, url: `http://127.0.0.1:${srv.address().port}` }));
  });
}

function body(req) {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

function hrCode(employee) {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let code = '';
  for (let i = 0; i < 32; i++) code += letters[Math.floor(Math.random() * letters.length)];
  issued.set(code, employee);
  return code;
}

test.beforeAll(async () => {
  hr = await listen(async (req, res) => {
    const auth = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    const code = new URLSearchParams(await body(req)).get('code');
    res.setHeader('Content-Type', 'application/json');
    if (auth !== `${CLIENT_ID}:${CLIENT_SECRET}`) return res.writeHead(401).end('{"code":401}');
    if (!issued.has(code)) return res.writeHead(404).end('{"code":404}');
    res.end(JSON.stringify({ code: 0, data: { employeeCode: issued.get(code), name: '张晓东' } }));
  });
  sms = await listen(async (req, res) => {
    messages.push(JSON.parse(await body(req)));
    res.end('{"ok":true}');
  });
  const env = {
    BIDDESK_SSO_MODE: 'ticket',
    BIDDESK_SSO_TICKET_URL: `${hr.url}/sso/lookup`,
    BIDDESK_SSO_CLIENT_ID: CLIENT_ID,
    BIDDESK_SSO_CLIENT_SECRET: CLIENT_SECRET,
    BIDDESK_SMS_URL: `${sms.url}/send`,
  };
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    server = await startServer('biddesk-e2e-sso-');
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  browser = await launch();
});

test.afterAll(async () => {
  await browser?.close();
  await server?.stop();
  hr?.srv.close();
  sms?.srv.close();
});

async function newPage() {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: server.base, ...contextOptions });
  context.setDefaultTimeout(ACTION_TIMEOUT);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  return page;
}

const waitPath = (page, path) => page.waitForURL((u) => new URL(u).pathname === path, { timeout: 15000 });

test('a staff member arrives from the HR system with a code, lands on /gateway, and a closed tab comes back signed in', async () => {
  const page = await newPage();
  await page.goto('/?code=' + hrCode(STAFF_EMPLOYEE));
  await waitPath(page, '/gateway');
  await shot(page, 'sso-gateway');
  // the tab closes (sessionStorage goes); a new one in the same browser is signed in again silently
  const context = page.context();
  await page.close();
  const again = await context.newPage();
  await again.goto('/gateway');
  await waitPath(again, '/gateway');
  await again.getByTestId('user-menu').waitFor();
  assert.ok(await again.evaluate(() => !!sessionStorage.getItem('userInfo')), 'signed in again');

  // a replayed code: no session, a clear message on /sso
  const replay = await newPage();
  const code = hrCode(STAFF_EMPLOYEE);
  await replay.goto('/?code=' + code);
  await waitPath(replay, '/gateway');
  const other = await newPage();
  await other.goto('/?code=' + code);
  await waitPath(other, '/sso');
  await other.getByTestId('sso-error').filter({ hasText: '该单点登录凭证已使用过' }).waitFor();
  assert.equal(await other.evaluate(() => sessionStorage.getItem('userInfo')), null);
  await shot(other, 'sso-replayed');
  assert.deepEqual([...again.errors ?? [], ...other.errors], []);
  await context.close();
  await replay.context().close();
  await other.context().close();
});

test('a forgotten password is reset with the code read from the test gateway', async () => {
  // an account with a registered phone, made by the administrator
  const api = async (method, path, token, data) => {
    const res = await fetch(server.base + path, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: data ? JSON.stringify(data) : undefined,
    });
    return res.json();
  };
  const admin = (await api('POST', '/api/login', '', { LoginCode: 'admin', PassWord: 'Admin@123' })).data.accessToken;
  const added = await api('POST', '/api/sys/user/add', admin, { loginCode: 'forgetful', userName: '健忘的同事', unitCode: '100104', phone: '13900000001', password: 'Initial@2026' });
  assert.equal(added.code, 0, JSON.stringify(added));

  const page = await newPage();
  await page.goto('/login');
  await page.getByTestId('login-code').fill('forgetful');
  await page.getByTestId('login-forgot').click();
  // step 1, by keyboard: the login code is carried over; Enter asks for the code
  await page.getByTestId('forgot-LoginCode').press('Enter');
  await page.getByTestId('forgot-sent').waitFor();
  await shot(page, 'forgot-step2');
  let sent;
  for (let i = 0; i < 50 && !sent; i++) {
    sent = messages.find((m) => m.to === '13900000001');
    if (!sent) await page.waitForTimeout(100);
  }
  assert.ok(sent, 'the gateway got the code');
  const code = /\d{6}/.exec(sent.text)[0];
  // step 2: the code field has the focus; Tab moves on, Enter submits
  await page.keyboard.type(code);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.getByTestId('forgot-newPassword').fill('Remember#2026');
  await page.getByTestId('forgot-replacePassword').fill('Remember#2026');
  await page.getByTestId('forgot-replacePassword').press('Enter');
  await page.getByTestId('login-notice').waitFor();
  await page.getByTestId('login-password').fill('Remember#2026');
  await page.getByTestId('login-submit').click();
  await waitPath(page, '/gateway');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the administrator sees the single sign-on settings masked on /sys_config and tests the connection', async () => {
  const page = await newPage();
  await page.goto('/login');
  await page.getByTestId('login-code').fill('admin');
  await page.getByTestId('login-password').fill('Admin@123');
  await page.getByTestId('login-submit').click();
  await waitPath(page, '/gateway');
  await page.goto('/sys_config');
  await page.getByTestId('tab-sso').click();
  await page.getByTestId('sso-settings-mode').filter({ hasText: '人力资源系统凭证查询' }).waitFor();
  assert.equal(await page.getByTestId('sso-settings-clientSecret').textContent(), '******');
  assert.ok(!(await page.content()).includes(CLIENT_SECRET), 'the secret is not on the page');
  await page.getByTestId('sso-test').click();
  await page.getByTestId('sso-test-result').filter({ hasText: '连接正常' }).waitFor();
  await shot(page, 'sso-settings');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
