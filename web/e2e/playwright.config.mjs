// @playwright/test's settings for the e2e specs, run by e2e/run.mjs in lanes (each lane its own server, given as
// BASE_URL): one worker per lane (the specs of a lane share its server and run one after another), no retries (a flaky
// test is a bug to fix), a trace kept for each failed test (npx playwright show-trace test-output/results-N/…/trace.zip):
// actions with their timings and errors, console and network, without the screencast (it costs a core on this 2-core
// machine) and, unless E2E_TRACE=full, without DOM snapshots (a quarter of the suite's CPU time). Each lane has
// an output folder of its own (Playwright empties it when it starts). A test may take ten minutes: the language sweep
// opens every screen.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: /\.spec\.mjs$/,
  outputDir: `../test-output/results-${process.env.E2E_LANE ?? 0}`,
  workers: 1,
  retries: 0,
  timeout: 600_000,
  reporter: [['list', { printSteps: false }]],
  // DOM snapshots cost about a quarter of the suite's CPU; E2E_TRACE=full records them (to rerun a failed spec with)
  use: { trace: { mode: 'retain-on-failure', screenshots: false, snapshots: process.env.E2E_TRACE === 'full', sources: false } },
});
