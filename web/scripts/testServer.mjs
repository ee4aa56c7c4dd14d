// Starts the real binary (bin/biddesk, or BIDDESK_BIN) on a free loopback port with a fresh SQLite data folder and
// demo data, for the e2e tests and the bundle budget. stop() ends it with SIGTERM, removes the folder and tells
// whether it shut down cleanly.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** The zone the end-to-end tests' server, runner and browser share. */
export const E2E_TZ = process.env.E2E_TZ || 'Asia/Shanghai';

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

export async function startServer(prefix = 'biddesk-test-') {
  const bin = process.env.BIDDESK_BIN || join(here, '..', '..', 'bin', 'biddesk');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', dataDir], {
    // the company's zone (E2E_TZ, default the product's Asia/Shanghai): the test runner and the browser run in it too
    // (e2e/run.mjs, helpers' contextOptions), as the company's staff do
    env: { ...process.env, BIDDESK_THROTTLE_ADDRESS: '1000', BIDDESK_LOG_LEVEL: 'warn', BIDDESK_TIMEZONE: E2E_TZ },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (d) => (log += d));
  server.stderr.on('data', (d) => (log += d));
  const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    server.kill('SIGTERM');
    const { code, signal } = await exited;
    rmSync(dataDir, { recursive: true, force: true });
    return { clean: code === 0, code, signal, log };
  };
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (i > 150) {
      await stop();
      throw new Error(`server did not become healthy:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, bin, dataDir, stop };
}
