// Shared helpers of the end-to-end specs: a headless Debian Chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { deflateSync, inflateRawSync } from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BASE = process.env.BASE_URL;
const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'test-output');

/**
 * Debian's chromium-headless-shell (the old headless mode, what Playwright itself runs headless) when installed: the
 * same Blink as /usr/bin/chromium without the full browser's UI, which costs a renderer and CPU of its own.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/**
 * What every page's context asks for: less motion (prefers-reduced-motion: the app turns antd's animations off, so
 * nothing is clicked mid-animation and no frames are rendered for it).
 */
export const contextOptions = { reducedMotion: 'reduce', timezoneId: process.env.E2E_TZ || 'Asia/Shanghai' };

/** How long one action or wait may take unless it says otherwise (Playwright waits without end by default). */
export const ACTION_TIMEOUT = 60_000;

export async function newPage(browser, { width = 1440, height = 900, lang = 'zh-CN' } = {}) {
  const context = await browser.newContext({ viewport: { width, height }, locale: lang, baseURL: BASE, ...contextOptions });
  // An action that cannot happen fails after a minute instead of holding its lane until the test's ten minutes.
  context.setDefaultTimeout(ACTION_TIMEOUT);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.errors = errors;
  return page;
}

export async function shot(page, name) {
  // Let lazy pages and transitions settle so the picture shows what a person sees.
  await page.waitForLoadState('networkidle');
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
}

export async function login(page, code, password, path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Runs the biddesk CLI against the e2e server's data folder (SQLite allows a second process). */
export function cli(...args) {
  return execFileSync(process.env.BIDDESK_BIN, [...args, '--data', process.env.BIDDESK_DATA], { encoding: 'utf8' });
}

export function pathOf(page) {
  return new URL(page.url()).pathname;
}

/** Waits until a dialog is open (with reduced motion it opens without an animation, so it stands still at once). */
export async function dialogSettled(page) {
  await page.locator('.ant-modal').filter({ visible: true }).last().waitFor();
}

/** The 'This operation cannot be undone, continue?' prompt: seen, confirmed once it stands still, gone. */
export async function confirmIrreversible(page, { screenshot } = {}) {
  const modal = page.locator('.ant-modal-confirm').filter({ hasText: '此操作不可撤销，是否继续？' });
  await modal.waitFor();
  if (screenshot) await shot(page, screenshot);
  for (let attempt = 0; attempt < 3; attempt++) {
    await modal.getByTestId('confirm-ok').click({ timeout: 5000 }).catch(() => {});
    try {
      await modal.waitFor({ state: 'detached', timeout: 5000 });
      return;
    } catch {
      /* not closed yet: click again */
    }
  }
  throw new Error('the confirmation prompt did not close');
}

/** Waits until the page's path (without query) is path. */
export async function waitPath(page, path) {
  await page.waitForURL((u) => new URL(u).pathname === path, { timeout: 10000 });
}

/** The table row that contains text. */
export const row = (page, text) => page.locator('.ant-table-row', { hasText: text });

/**
 * Clicks the list's export button (or the button with testId) and returns what its new window downloaded:
 * { url, body, headers }. The request is observed at the network layer (the window closes itself once the download starts).
 */
export async function exportFile(page, urlGlob, testId = 'list-export') {
  const exported = new Promise((resolve) => {
    page.context().route(urlGlob, async (route) => {
      const response = await route.fetch();
      resolve({ url: route.request().url(), body: await response.body(), headers: response.headers() });
      await route.fulfill({ response });
    });
  });
  await page.getByTestId(testId).click();
  return exported;
}

const exactly = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

/** A node of the organisation picker's tree, by its exact unit name. */
export const pickerNode = (page, name) =>
  page.getByTestId('picker-tree').locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: exactly(name) }) });

/** Opens the branches along names in the organisation picker's lazily loaded tree (open ones stay open). */
export async function openPickerPath(page, names) {
  for (const name of names) {
    const node = pickerNode(page, name);
    await node.waitFor();
    const switcher = node.locator('.ant-tree-switcher');
    if (await switcher.evaluate((el) => el.classList.contains('ant-tree-switcher_close'))) await switcher.click();
  }
}

/** Picks a unit with a single-select organisation picker field: opens it, walks the tree, clicks the unit; it closes. */
export async function pickOrgUnit(page, testId, path) {
  await page.getByTestId(testId).click();
  await page.getByTestId('picker-tree').waitFor();
  await dialogSettled(page);
  await openPickerPath(page, path.slice(0, -1));
  await pickerNode(page, path.at(-1)).locator('.ant-tree-title').click();
  await page.getByTestId('picker-tree').waitFor({ state: 'detached' });
}

/** A new page signed in at the staff sign-in and landed on the portal. */
export async function signedIn(browser, code, password) {
  const page = await newPage(browser);
  await login(page, code, password);
  await waitPath(page, '/gateway');
  return page;
}

/** The signed-in page's next call (refresh cache) is refused: the session is cleared and the user is at /login. */
export async function nextCallSignsOut(page) {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-refresh-cache').click();
  await page.getByTestId('confirm-prompt').getByRole('button').last().click();
  await waitPath(page, '/login');
  if ((await page.evaluate(() => sessionStorage.getItem('userInfo'))) !== null) throw new Error('the session was not cleared');
}

/** Signs a new account in (at the sign-in page path) and changes its initial password in the dialog that asks for it. */
export async function firstSignIn(browser, code, initial, chosen, path = '/login') {
  const page = await newPage(browser);
  await login(page, code, initial, path);
  await waitPath(page, '/gateway');
  await page.getByTestId('pwd-old').fill(initial);
  await page.getByTestId('pwd-new').fill(chosen);
  await page.getByTestId('pwd-repeat').fill(chosen);
  await page.getByTestId('pwd-submit').click();
  await page.getByTestId('pwd-old').waitFor({ state: 'hidden' });
  return page;
}

/* ---------- a PNG encoder small enough to read: 8-bit RGB, no filter, one IDAT ---------- */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A w x h PNG: a blue diagonal gradient with a lighter band, so that a person sees a picture in the screenshots. */
export function png(w, h) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const raw = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    const line = y * (w * 3 + 1);
    raw[line] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const t = (x / w + y / h) / 2;
      const band = Math.abs(y / h - 0.5) < 0.08 ? 40 : 0;
      const i = line + 1 + x * 3;
      raw[i] = Math.min(255, Math.round(22 + 80 * t) + band);
      raw[i + 1] = Math.min(255, Math.round(119 + 60 * t) + band);
      raw[i + 2] = Math.min(255, 255 - Math.round(20 * t));
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A JSON call from a signed-in page (a test's set-up), with its session token; answers the envelope. */
export async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(sessionStorage.getItem('userInfo')).accessToken;
      const r = await fetch(path, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      return r.json();
    },
    { method, path, body },
  );
}

/** A small well-formed PDF (catalogue, page tree, pages, cross-reference table) that a PDF parser accepts. */
export function validPdf(pages = 1) {
  const objs = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = Array.from({ length: pages }, (_, i) => `${3 + i} 0 R`).join(' ');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  for (let i = 0; i < pages; i++) objs.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
  let out = '%PDF-1.4\n';
  const offsets = objs.map((body, i) => {
    const at = Buffer.byteLength(out);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out);
}

/** The entries of a zip file (an .xlsx, a .docx) by name, stored or deflated, read from its central directory (the
 *  local headers of a streamed zip carry no sizes). */
export function unzip(buf) {
  const out = {};
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory: not a zip');
  let p = buf.readUInt32LE(end + 16);
  for (let n = buf.readUInt16LE(end + 10); n > 0; n--) {
    const method = buf.readUInt16LE(p + 10);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    out[name] = method === 8 ? inflateRawSync(data) : data;
    p += 46 + nameLen + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32);
  }
  return out;
}

/** The texts of every part of a zip, joined. */
export const zipText = (buf) => Object.values(unzip(buf)).map((b) => b.toString('utf8')).join('');
