// One folder for the uploads of every test shop of this run (tests/setup/test-shop.ts), removed when
// the run ends: a Vitest worker ends without an exit event, so a shop cannot clear up after itself.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup() {
  const root = mkdtempSync(join(tmpdir(), "swag-test-uploads-"));
  // Read by test-shop.ts in the workers and the child processes they start, which inherit it.
  process.env.SWAG_TEST_UPLOAD_ROOT = root;
  return () => rmSync(root, { recursive: true, force: true });
}
