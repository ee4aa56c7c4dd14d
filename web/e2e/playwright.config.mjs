// @playwright/test's settings for the e2e specs, run by e2e/run.mjs in lanes (each lane its own server, given as
// BASE_URL): one worker per lane (the specs of a lane share its server and run one after another), no retries (a flaky
// test is a bug to fix), a trace kept for each failed test (npx playwright show-trace test-output/results/…/trace.zip).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.mjs$/,
  outputDir: '../test-output/results',
  workers: 1,
  retries: 0,
  timeout: 180_000,
  reporter: [['list', { printSteps: false }]],
  use: { trace: 'retain-on-failure' },
});
