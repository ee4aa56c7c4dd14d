// The usage statistics in a real browser: charts drawn (ECharts: a tooltip on hover, a legend that hides a series, a
// picture saved as PNG), a drill-down that changes the numbers, and an export whose totals are the screen's
// (docs/statistics.md).
import { test } from '@playwright/test';
import assert from 'node:assert/strict';
import { launch, newPage, login, shot, waitPath, exportFile, signedIn, api, unzip } from './helpers.mjs';

let browser;
test.beforeAll(async () => { browser = await launch(); });
test.afterAll(async () => { await browser?.close(); });

/** The rows of a workbook's first sheet as text cells (a small reader of the zip and the sheet's XML). */
function sheetRows(buf) {
  const files = Object.fromEntries(Object.entries(unzip(buf)).map(([name, data]) => [name, data.toString()]));
  const text = (xml) => [...xml.matchAll(/<t[^>]*>([^<]*)<\/t>/g)].map((m) => m[1]).join('');
  const shared = [...(files['xl/sharedStrings.xml'] ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => text(m[1]));
  return [...files['xl/worksheets/sheet1.xml'].matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((r) =>
    [...r[1].matchAll(/<c([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)].map(([, attrs, body = '']) => {
      if (/t="s"/.test(attrs)) return shared[Number(/<v>([^<]*)<\/v>/.exec(body)?.[1])];
      if (/t="inlineStr"/.test(attrs)) return text(body);
      return /<v>([^<]*)<\/v>/.exec(body)?.[1] ?? '';
    }),
  );
}

test('the statistics draw their charts, drill down by unit and export the numbers of the screen', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');

  // Sign-ins: this session's sign-in is in the trend line and the numbers.
  await page.goto('/personnel_login');
  const trend = page.getByTestId('stat-svg-trend');
  await trend.locator('svg').waitFor();
  assert.match(await trend.getAttribute('aria-label'), /折线图，\d{4}-\d{2}-\d{2} 至 \d{4}-\d{2}-\d{2}，共 3\d 个点/, 'a point per day of the default 30 days');
  // the days are Beijing time, said so (the server's default zone)
  assert.match(await page.getByTestId('stats-hint').innerText(), /日期按北京时间（Asia\/Shanghai）计算。/);
  const signIns = page.getByTestId('stats-number-signIns').locator('.ant-statistic-content-value');
  await signIns.waitFor();
  assert.ok(Number((await signIns.innerText()).replace(/,/g, '')) >= 1, await signIns.innerText());
  await shot(page, 'stats-login');

  // Accounts: bars per unit; a click on a unit shows its subordinates, and the numbers change.
  await page.goto('/statistics_account');
  await page.getByTestId('stat-svg-accountUnits').locator('svg').waitFor();
  const total = page.getByTestId('stats-total-accountUnits-accounts');
  const count = async () => Number((await total.innerText()).replace(/,/g, ''));
  const all = await count();
  assert.ok(all >= 3, `accounts: ${all}`);
  await page.getByTestId('stats-table-accountUnits').getByTestId('stats-drill').filter({ hasText: '华信服务股份有限公司' }).click();
  await page.waitForURL(/unitCode=1001/);
  await page.getByTestId('stats-unit-tag').waitFor();
  await page.waitForFunction((n) => {
    const el = document.querySelector('[data-testid="stats-total-accountUnits-accounts"]');
    return el && Number(el.textContent.replace(/,/g, '')) !== n;
  }, all);
  const part = await count();
  assert.ok(part >= 1 && part < all, `the company's accounts ${part} of ${all}`);
  await shot(page, 'stats-accounts');

  // The export: an .xlsx of the same rows and total.
  const { url, body, headers } = await exportFile(page, '**/api/sys/statistics/exportAccount**');
  assert.equal(body.subarray(0, 2).toString(), 'PK');
  assert.match(headers['content-type'], /spreadsheetml/);
  assert.match(url, /unitCode=1001/);
  assert.ok(!url.includes('AccessToken'));
  const rows = sheetRows(body);
  assert.equal(rows[0][0], '单位');
  const totalRow = rows.find((r) => r[0] === '合计');
  assert.ok(totalRow, JSON.stringify(rows));
  assert.equal(Number(totalRow[1]), part);

  // Downloads: the three calls of the spec fill one screen.
  await page.goto('/download_type');
  await page.getByTestId('stats-table-downloadTypes').waitFor();
  await page.getByTestId('stat-chart-downloadTrend').waitFor();
  await page.getByTestId('stat-chart-downloadUnits').waitFor();
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('demand feedback: demands collected, answered and open in charts; a filter changes the numbers; the export has the total', async () => {
  const admin = await signedIn(browser, 'admin', 'Admin@123');
  const staff = await signedIn(browser, 'staff', 'Staff@123');
  const add = await api(admin, 'POST', '/api/demand/collection/add', { title: `E2E 需求反馈 ${Date.now()}`, deadline: '2030-06-30 18:00', audienceUnits: '100201' });
  assert.equal(add.code, 0, JSON.stringify(add));
  const ids = [];
  for (const content of ['需要业绩合同扫描件', '需要项目经理证书']) {
    const r = await api(staff, 'POST', '/api/portal/demand/submit', { collectionId: add.data.id, content });
    assert.equal(r.code, 0, JSON.stringify(r));
    ids.push(r.data.id);
  }
  assert.equal((await api(admin, 'PUT', '/api/demand/item/state', { ids: [ids[0]], state: 'done' })).code, 0);

  await admin.goto('/demand_feedback');
  await admin.getByTestId('stat-svg-demandTrend').locator('svg').waitFor();
  await admin.getByTestId('stat-svg-demandUnits').locator('svg').waitFor();
  const number = async (key) => Number((await admin.getByTestId(`stats-number-${key}`).locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''));
  const collected = await number('collected');
  assert.ok(collected >= 2 && (await number('answered')) >= 1 && (await number('open')) >= 1, `collected ${collected}`);
  assert.equal(collected, (await number('answered')) + (await number('open')));
  assert.equal(Number((await admin.getByTestId('stats-total-demandUnits-collected').innerText()).replace(/,/g, '')), collected);
  await shot(admin, 'stats-demand');

  // the export: the unit table, its total the screen's
  const { body } = await exportFile(admin, '**/api/sys/statistics/exportDemand**');
  const rows = sheetRows(body);
  assert.deepEqual(rows[0], ['单位', '征集需求数', '已答复', '待答复']);
  assert.equal(Number(rows.find((r) => r[0] === '合计')?.[1]), collected);

  // the filter card: a range before any demand, and the numbers fall to zero
  const range = admin.getByTestId('search-card').locator('.ant-picker input');
  await range.first().click();
  await range.first().fill('2020-01-01');
  await range.first().press('Enter');
  await range.nth(1).fill('2020-01-31');
  await range.nth(1).press('Enter');
  await admin.getByTestId('search-submit').click();
  await admin.waitForURL(/startTime=2020-01-01/);
  await admin.getByTestId('stats-range').getByText('2020-01-01 ~ 2020-01-31').waitFor();
  assert.equal(await number('collected'), 0);
  assert.deepEqual(admin.errors, []);
  await admin.context().close();
  await staff.context().close();
});

test('a chart shows its values on hover, hides a series from its legend and saves itself as a PNG, in both languages', async () => {
  const words = {
    'zh-CN': { signIns: '登录次数', active: '活跃账号', kind: /条形图/, zone: /日期按北京时间（Asia\/Shanghai）计算。/ },
    en: { signIns: 'Sign-ins', active: 'Active accounts', kind: /bar chart of/, zone: /Days are counted in Beijing time \(Asia\/Shanghai\)\./ },
  };
  for (const lang of ['zh-CN', 'en']) {
    const w = words[lang];
    const page = await newPage(browser, { lang });
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await login(page, 'admin', 'Admin@123');
    await waitPath(page, '/gateway');
    await page.goto('/personnel_login');
    // the sign-ins by unit: three series of bars
    const chart = page.getByTestId('stat-svg-loginUnits');
    await chart.locator('svg').waitFor();
    assert.match(await chart.getAttribute('aria-label'), w.kind, 'a description for screen readers');
    assert.match(await page.getByTestId('stats-hint').innerText(), w.zone);

    // hover over the first unit's bars: a tooltip with the unit's numbers
    const box = await chart.boundingBox();
    const hover = async () => {
      await page.mouse.move(box.x + 10, box.y + 5);
      await page.mouse.move(box.x + box.width / 2, box.y + 44);
      const tip = chart.locator('.bd-chart-tooltip');
      await tip.waitFor({ state: 'visible' });
      return tip.innerText();
    };
    const before = await hover();
    assert.ok(before.includes(w.signIns) && before.includes(w.active), before);
    await shot(page, `stats-chart-tooltip-${lang}`);

    // a click on a legend entry hides its series: gone from the tooltip, the entry greyed
    await chart.locator('svg text', { hasText: w.signIns }).first().click();
    await page.waitForFunction((name) => (document.querySelector('[data-testid="stat-svg-loginUnits"]')?.dataset.hidden ?? '').split('|').includes(name), w.signIns);
    const after = await hover();
    assert.ok(!after.includes(w.signIns) && after.includes(w.active), after);
    await shot(page, `stats-chart-legend-${lang}`);

    // save as image: a PNG of the chart at twice its size, under its title
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stat-save-loginUnits').click()]);
    assert.match(download.suggestedFilename(), /\.png$/);
    const png = (await (await download.createReadStream()).toArray()).reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
    const width = png.readUInt32BE(16);
    assert.ok(Math.abs(width - 2 * Math.round(box.width)) <= 2, `picture ${width} px for a chart ${box.width} px wide`);

    // a long series zooms: the sign-ins of 90 days by day have a slider under the line
    const day = (n) => new Date(Date.now() - n * 86400e3).toISOString().slice(0, 10);
    await page.goto(`/personnel_login?startTime=${day(89)}&endTime=${day(-1)}&period=day`);
    await page.locator('[data-testid="stat-svg-trend"][data-zoom="1"] svg').waitFor();
    if (lang === 'zh-CN') await shot(page, 'stats-chart-zoom');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the annual summary is saved as an A4 PDF drawn at scale 2 (spec section 9)', async () => {
  const page = await newPage(browser);
  await login(page, 'admin', 'Admin@123');
  await waitPath(page, '/gateway');
  await page.goto('/summary');
  const screen = page.locator('.stats-page');
  await screen.locator('.ant-statistic').first().waitFor();
  // the year filter shows the year of the heading (this year in the server's zone, none chosen)
  const year = /(\d{4})-01-01 ~ \1-12-31/.exec(await page.getByTestId('stats-range').innerText())?.[1];
  assert.ok(year, await page.getByTestId('stats-range').innerText());
  await page.getByTestId('search-card').locator('.ant-select').first().getByText(year, { exact: true }).waitFor();
  const width = await screen.evaluate((el) => el.getBoundingClientRect().width);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('stats-pdf').click()]);
  assert.match(download.suggestedFilename(), /^年度标书资料汇总_\d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = (await (await download.createReadStream()).toArray()).reduce((a, b) => Buffer.concat([a, b]), Buffer.alloc(0)).toString('latin1');
  assert.ok(pdf.startsWith('%PDF-'), pdf.slice(0, 20));
  const boxes = [...pdf.matchAll(/\/MediaBox \[([^\]]+)\]/g)].map((m) => m[1].trim().split(/\s+/).map(Number));
  assert.ok(boxes.length >= 1);
  for (const [, , w, h] of boxes) assert.deepEqual([Math.round(w), Math.round(h)], [595, 842], 'A4 portrait in points');
  const imageWidth = Number(/\/Width (\d+)/.exec(pdf)?.[1]);
  assert.ok(Math.abs(imageWidth - 2 * width) <= 2, `picture ${imageWidth} px for a screen ${width} px wide`);
  assert.equal(await page.getByTestId('stats-pdf').isEnabled(), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
