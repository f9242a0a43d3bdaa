/**
 * How this project launches Debian's Chromium (DESIGN.md install facts): the system binary, and flags
 * that keep it off a network this machine does not have. Used by the browser tests and the scripts.
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
