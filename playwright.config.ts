import { defineConfig, devices } from "@playwright/test";
import { TEST_CHROMIUM_LAUNCH } from "./scripts/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);

/** Browser journeys run against the production build on a throwaway data dir. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: TEST_CHROMIUM_LAUNCH,
    trace: "retain-on-failure",
    timezoneId: "Europe/London",
    locale: "en-GB",
  },
  projects: [
    // Accounts every spec shares, made once before any spec runs (see the file).
    { name: "setup", testMatch: /\.setup\.ts$/ },
    {
      name: "desktop",
      dependencies: ["setup"],
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 900 },
        launchOptions: TEST_CHROMIUM_LAUNCH,
      },
    },
  ],
  webServer: {
    command: `npx tsx tests/e2e/start-server.ts`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    env: { PORT: String(port), HOST: "127.0.0.1" },
  },
});
