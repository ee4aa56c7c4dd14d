// Full loads in Chromium (issue 28, docs/performance.md 'Full loads in Chromium'): how long a signed-in person waits
// from navigation until the rows of /sysuser (admin) or the first of the portal home's messages (staff) show.
//
//   node scripts/load-probe.mjs                          the binary of the repository (bin/biddesk), 7 runs
//   node scripts/load-probe.mjs --bin /tmp/old/biddesk --bin ../bin/biddesk --runs 9
//
// Each binary starts once on a fresh SQLite folder with the demo data (testServer.mjs). Every run is a full load in
// a signed-in tab (about:blank in between) with the HTTP cache off (CDP Network.setCacheDisabled), at 1440 x 900; the
// moment is performance.now() when the target first is in the document (a MutationObserver installed before the app's
// scripts run). With several binaries the runs alternate between them (and their order alternates run by run), so a
// machine shared with other work slows each alike. Printed: every run, the median per address and binary, the load
// average, and the waterfall (resource and long-task entries) of the median run (--waterfall all: of every run).
// Options: --runs N, --only sysuser|gateway (or a --path name), --path /other_list[,/another][@target], --waterfall
// none|median|all, --browser PATH.
import { chromium } from 'playwright-core';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startServer } from './testServer.mjs';

const args = process.argv.slice(2);
const opt = (name, def) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : def;
};
const bins = args.flatMap((a, i) => (args[i - 1] === '--bin' ? [a] : []));
if (!bins.length) bins.push(process.env.BIDDESK_BIN || new URL('../../bin/biddesk', import.meta.url).pathname);
const runs = Number(opt('runs', '7'));
const waterfall = opt('waterfall', 'median');
const browserPath =
  opt('browser') || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p));

// an antd table that has answered with no rows: its placeholder, the loading veil gone
const EMPTY_LIST = '.ant-spin-container:not(.ant-spin-blur) > .ant-table .ant-table-placeholder .ant-empty';

const ADDRESSES = [
  { name: 'sysuser', path: '/sysuser', login: ['admin', 'Admin@123'], target: '.ant-table-row' },
  { name: 'gateway', path: '/gateway', login: ['staff', 'Staff@123'], target: '[data-testid^="home-msg-"]' },
  // any other admin list: --path /dict_manager (several: a comma list), until its first row, as admin; another target
  // after '@': a CSS selector, or 'empty' for a list with no rows on the demo data (its empty table once loaded)
  ...(opt('path') || '')
    .split(',')
    .filter(Boolean)
    .map((entry) => {
      const [p, target = '.ant-table-row'] = entry.split('@');
      return { name: p.replace(/^\//, ''), path: p, login: ['admin', 'Admin@123'], target: target === 'empty' ? EMPTY_LIST : target };
    }),
].filter((a) => !opt('only') || opt('only').split(',').includes(a.name));

// Runs in the page before its own scripts: notes when the address's target first shows and keeps the long tasks.
const probe = (targets) => {
  const target = targets[location.pathname];
  if (!target) return;
  window.__probe = { longtasks: [] };
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) window.__probe.longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long-task timing in this browser */
  }
  const seen = () => {
    if (window.__probe.shown === undefined && document.querySelector(target)) {
      window.__probe.shown = performance.now();
      return true;
    }
    return false;
  };
  const watch = () => {
    if (seen()) return;
    const mo = new MutationObserver(() => seen() && mo.disconnect());
    // an empty list's target is its table once the loading veil's class is gone: watch classes for it (only, as
    // watching them costs a little on every other load)
    const classes = target.includes('ant-spin-blur');
    mo.observe(document, { childList: true, subtree: true, ...(classes ? { attributes: true, attributeFilter: ['class'] } : {}) });
  };
  watch();
};

const browser = await chromium.launch({
  executablePath: browserPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

const servers = [];
for (const bin of bins) {
  process.env.BIDDESK_BIN = bin; // testServer.mjs starts this binary
  servers.push({ ...(await startServer('biddesk-load-')), bin });
}

/**
 * A signed-in tab per binary and user, its cache off, shared by the user's addresses: the session lives in the tab
 * (sessionStorage), and a second sign-in would end the first one's.
 */
const userTabs = new Map();
async function tabFor(server, address) {
  const key = `${server.base}|${address.login[0]}`;
  if (!userTabs.has(key)) {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      baseURL: server.base,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByTestId('login-code').fill(address.login[0]);
    await page.getByTestId('login-password').fill(address.login[1]);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(/\/(gateway|welcome|sysuser)/);
    const targets = Object.fromEntries(ADDRESSES.filter((a) => a.login[0] === address.login[0]).map((a) => [a.path, a.target]));
    await page.addInitScript(probe, targets);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    userTabs.set(key, page);
  }
  return userTabs.get(key);
}

async function load(page, address) {
  await page.goto('about:blank');
  await page.goto(address.path, { waitUntil: 'commit' });
  try {
    await page.waitForFunction(() => window.__probe?.shown !== undefined, null, { timeout: 10_000, polling: 50 });
  } catch {
    return { shown: undefined, entries: [] }; // a list without rows on the demo data, or a page that failed
  }
  // the long tasks of the render that showed the target are reported once it ends
  await page.waitForTimeout(300);
  return page.evaluate(() => {
    const origin = location.origin;
    const short = (u) => (u.startsWith(origin) ? u.slice(origin.length) : u).replace(/^\/assets\//, '');
    const nav = performance.getEntriesByType('navigation')[0];
    return {
      shown: window.__probe.shown,
      entries: [
        ...(nav ? [{ kind: 'doc', name: short(nav.name), start: nav.startTime, end: nav.responseEnd, size: nav.transferSize }] : []),
        ...performance.getEntriesByType('resource').map((r) => ({
          kind: r.initiatorType,
          name: short(r.name),
          start: r.startTime,
          end: r.responseEnd,
          size: r.transferSize,
        })),
        ...window.__probe.longtasks.map((l) => ({ kind: 'longtask', name: '', start: l.start, end: l.start + l.duration })),
      ].sort((a, b) => a.start - b.start),
    };
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (x) => `${Math.round(x)}`;
const load1 = () => loadavg()[0].toFixed(2);

const tabs = new Map();
for (const s of servers) for (const a of ADDRESSES) tabs.set(`${s.bin}|${a.name}`, await tabFor(s, a));

const results = new Map(); // bin|address -> [{ shown, entries, load }]
const loads = [load1()];
// a first load of each (the server's first calls when cold, the browser's own start), reported apart
const cold = new Map();
for (const a of ADDRESSES) for (const s of servers) cold.set(`${s.bin}|${a.name}`, (await load(tabs.get(`${s.bin}|${a.name}`), a)).shown);
// an address whose target did not show within 10 s on its first load is reported and not measured
const unseen = ADDRESSES.filter((a) => servers.some((s) => cold.get(`${s.bin}|${a.name}`) === undefined));
const measured = ADDRESSES.filter((a) => !unseen.includes(a));

for (let i = 0; i < runs; i++) {
  const order = i % 2 ? [...servers].reverse() : servers;
  for (const a of measured) {
    for (const s of order) {
      const key = `${s.bin}|${a.name}`;
      const r = await load(tabs.get(key), a);
      if (!results.has(key)) results.set(key, []);
      results.get(key).push({ ...r, load: load1() });
    }
  }
  loads.push(load1());
}

console.log(`Chromium ${browser.version()} (${browserPath}), ${runs} runs each, cache off, 1440 x 900`);
console.log(`load average (1 min) during the runs: ${loads.join(' ')}`);
for (const a of unseen) console.log(`\n${a.path}: ${a.target} not shown within 10 s (no rows on the demo data?), not measured`);
for (const a of measured) {
  console.log(`\n${a.path} (until ${a.target})`);
  for (const s of servers) {
    const rs = results.get(`${s.bin}|${a.name}`);
    const shown = rs.map((r) => r.shown);
    console.log(
      `  ${s.bin}: median ${ms(median(shown))} ms, ${ms(Math.min(...shown))}-${ms(Math.max(...shown))} ms; runs ${shown.map(ms).join(' ')}; first load ${ms(cold.get(`${s.bin}|${a.name}`))} ms`,
    );
  }
}

if (measured.length > 2) {
  console.log('\nsummary (median ms per binary):');
  for (const a of measured) console.log(`  ${a.path.padEnd(34)} ${servers.map((s) => ms(median(results.get(`${s.bin}|${a.name}`).map((r) => r.shown))).padStart(6)).join(' ')}`);
}

if (waterfall !== 'none') {
  for (const a of measured) {
    for (const s of servers) {
      const rs = results.get(`${s.bin}|${a.name}`);
      const m = median(rs.map((r) => r.shown));
      const chosen =
        waterfall === 'all' ? rs : [rs.reduce((b, r) => (Math.abs(r.shown - m) < Math.abs(b.shown - m) ? r : b))];
      for (const r of chosen) {
        console.log(`\nwaterfall ${a.path} ${s.bin}: shown at ${ms(r.shown)} ms (load ${r.load})`);
        for (const e of r.entries) {
          const size = e.size ? ` ${(e.size / 1024).toFixed(1)} kB` : '';
          console.log(`  ${ms(e.start).padStart(5)}-${ms(e.end).padEnd(5)} ${e.kind.padEnd(9)} ${e.name}${size}`);
        }
      }
    }
  }
}

await browser.close();
for (const s of servers) await s.stop();
