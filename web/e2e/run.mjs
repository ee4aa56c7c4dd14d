// Runs the end-to-end tests against the real binary: starts bin/biddesk on a free loopback
// port with a fresh SQLite data folder and demo data, runs every *.spec.mjs with node's test
// runner, then stops the server with SIGTERM and checks that it shut down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, mkdirSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', '..', 'bin', 'biddesk');

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'biddesk-e2e-'));
const base = `http://127.0.0.1:${port}`;
const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir], {
  env: { ...process.env, BIDDESK_THROTTLE_ADDRESS: '1000', BIDDESK_LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let serverLog = '';
server.stdout.on('data', (d) => (serverLog += d));
server.stderr.on('data', (d) => (serverLog += d));
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

async function waitHealthy() {
  for (let i = 0; i < 150; i++) {
    try {
      const r = await fetch(`${base}/healthz`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${serverLog}`);
}

let rc = 1;
try {
  await waitHealthy();
  mkdirSync(join(here, '..', 'test-output'), { recursive: true });
  const specs = readdirSync(here).filter((f) => f.endsWith('.spec.mjs') && (!process.env.E2E_ONLY || f.startsWith(process.env.E2E_ONLY))).sort().map((f) => join(here, f));
  const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...specs], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: base, BIDDESK_BIN: bin, BIDDESK_DATA: dataDir },
  });
  rc = res.status ?? 1;
} finally {
  server.kill('SIGTERM');
  const { code, signal } = await exited;
  if (code !== 0) {
    console.error(`server did not shut down cleanly (code ${code}, signal ${signal}):\n${serverLog}`);
    rc = rc || 1;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(rc);
