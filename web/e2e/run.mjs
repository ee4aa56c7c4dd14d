// Runs the end-to-end tests against the real binary in lanes (E2E_LANES, default 2): each lane starts bin/biddesk on a
// free loopback port with a fresh SQLite data folder and demo data of its own, and runs its share of the *.spec.mjs
// files one after another with @playwright/test (e2e/playwright.config.mjs: one worker, no retries, a trace of each
// failed test). Lanes share nothing, so a spec never sees another one's changes, and the browser tests, which mostly
// wait, overlap. Each lane's output is printed whole when it ends; the server is stopped with SIGTERM and must shut
// down cleanly.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, E2E_TZ } from '../scripts/testServer.mjs';

const here = dirname(fileURLToPath(import.meta.url));
mkdirSync(join(here, '..', 'test-output'), { recursive: true });

const specs = readdirSync(here)
  .filter((f) => f.endsWith('.spec.mjs') && (!process.env.E2E_ONLY || process.env.E2E_ONLY.split(',').some((p) => f.startsWith(p))))
  .sort();
const lanes = Math.max(1, Math.min(Number(process.env.E2E_LANES) || 2, specs.length));

// Seconds each spec took alone (make test, 2026-11-27); a spec not listed weighs by its size. The longest go first,
// each to the lane with the least work so far.
const SECONDS = {
  'portal.spec.mjs': 60, 'demand.spec.mjs': 50, 'widgets.spec.mjs': 35, 'picker.spec.mjs': 30, 'menus.spec.mjs': 30,
  'gatewaymanager.spec.mjs': 35, 'config.spec.mjs': 30, 'content.spec.mjs': 30, 'foundation.spec.mjs': 40,
  'external.spec.mjs': 30, 'sso.spec.mjs': 25, 'upload.spec.mjs': 20, 'library.spec.mjs': 25, 'wordbook.spec.mjs': 20,
  'dict.spec.mjs': 20, 'sysadmin.spec.mjs': 20, 'roles.spec.mjs': 20, 'logs.spec.mjs': 20, 'stats.spec.mjs': 30,
  'lowcode.spec.mjs': 30, 'language.spec.mjs': 45, 'tasks.spec.mjs': 20, 'datascope.spec.mjs': 15, 'orgmanager.spec.mjs': 15,
  'apidocs.spec.mjs': 15, 'theme.spec.mjs': 60,
};
const weight = (f) => SECONDS[f] ?? statSync(join(here, f)).size / 300;
const shares = Array.from({ length: lanes }, () => ({ files: [], load: 0 }));
for (const f of [...specs].sort((a, b) => weight(b) - weight(a))) {
  const lane = shares.reduce((min, s) => (s.load < min.load ? s : min));
  lane.files.push(f);
  lane.load += weight(f);
}

/** One lane: its own server, its specs in a row; resolves with the runner's exit code and its whole output. */
async function runLane(files, n) {
  const { base, bin, dataDir, stop } = await startServer(`biddesk-e2e${n}-`);
  let out = '';
  let rc = 1;
  try {
    rc = await new Promise((resolve) => {
      const cli = join(here, '..', 'node_modules', '@playwright', 'test', 'cli.js');
      const child = spawn(process.execPath, [cli, 'test', '--config', join(here, 'playwright.config.mjs'), ...files.sort()], {
        env: { ...process.env, TZ: E2E_TZ, E2E_TZ, BASE_URL: base, BIDDESK_BIN: bin, BIDDESK_DATA: dataDir, E2E_LANE: String(n), FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => resolve(code ?? 1));
    });
  } finally {
    const { clean, code, signal, log } = await stop();
    if (!clean) {
      out += `\nserver of lane ${n} did not shut down cleanly (code ${code}, signal ${signal}):\n${log}\n`;
      rc = rc || 1;
    }
  }
  return { rc, out };
}

const started = Date.now();
const results = await Promise.all(
  shares.map((s, i) =>
    runLane(s.files, i + 1).then((r) => {
      process.stdout.write(`\n── lane ${i + 1} of ${lanes}: ${s.files.join(', ')}\n${r.out}`);
      return r;
    }),
  ),
);
// the lanes' counts (Playwright's summary: '  12 passed (1.5m)', '  1 failed') added up, as one closing line
const count = (word) => results.reduce((n, r) => n + Number(r.out.match(new RegExp(`^\\s+(\\d+) ${word}\\b`, 'm'))?.[1] ?? 0), 0);
console.log(`\ne2e: ${lanes} lanes in ${Math.round((Date.now() - started) / 1000)} s`);
console.log(`${count('passed')} passed, ${count('failed')} failed`);
process.exit(results.some((r) => r.rc !== 0) ? 1 : 0);
