/**
 * How this project launches Debian's Chromium (DESIGN.md install facts): the system binary, and flags
 * that keep it off a network this machine does not have. Used by the browser tests and the scripts.
 */
import { existsSync } from "node:fs";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** The whole browser: for the scripts that draw images and for Lighthouse, which measures what a visitor's Chromium does. */
export const CHROMIUM_LAUNCH = { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: FLAGS };

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * The browser tests (docs/decisions/065-browser-tests-in-the-headless-shell.md): Debian's
 * chromium-headless-shell, the same engine without the desktop browser's compositor, which takes
 * about a third less time per page on two cores; Chromium itself where the shell is not installed.
 */
export const TEST_CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: FLAGS,
};
