import { signInWithPassword, STAFF } from "./support/api";
import { signUpOverHttp, test } from "./support/fixtures";

// Runs once before every spec (playwright.config.ts: the desktop project depends on this one). The
// staff account exists and is confirmed before any spec signs in with it: specs that made it
// themselves raced, and one could sign in to the still-unconfirmed account and meet a 404.
test("the staff account exists and its address is confirmed", async ({ request, mailbox }) => {
  if (await signInWithPassword(request, STAFF)) return; // a server reused from an earlier run
  await signUpOverHttp(request, mailbox, STAFF);
});
