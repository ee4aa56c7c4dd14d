// Runs the end-to-end tests against the real binary: starts bin/biddesk on a free loopback
// port with a fresh SQLite data folder and demo data, runs every *.spec.mjs with node's test
// runner, then stops the server with SIGTERM and checks that it shut down cleanly.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../scripts/testServer.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const { base, bin, dataDir, stop } = await startServer('biddesk-e2e-');

let rc = 1;
try {
  mkdirSync(join(here, '..', 'test-output'), { recursive: true });
  const specs = readdirSync(here).filter((f) => f.endsWith('.spec.mjs') && (!process.env.E2E_ONLY || f.startsWith(process.env.E2E_ONLY))).sort().map((f) => join(here, f));
  const res = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...specs], {
    stdio: 'inherit',
    env: { ...process.env, BASE_URL: base, BIDDESK_BIN: bin, BIDDESK_DATA: dataDir },
  });
  rc = res.status ?? 1;
} finally {
  const { clean, code, signal, log } = await stop();
  if (!clean) {
    console.error(`server did not shut down cleanly (code ${code}, signal ${signal}):\n${log}`);
    rc = rc || 1;
  }
}
process.exit(rc);
