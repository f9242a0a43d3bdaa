import { STAFF, signInWithTwoStep, turnOnTwoStep } from "./support/api";
import { expect, Mailbox, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { placeCapOrder, sendProof } from "./support/orders";
import { ownServerForSpec } from "./support/own-server-spec";

// Decision 025's "an expired link refuses", in the browser. A link lives 7 days and the shipped
// server has no test clock, so this spec runs a server of its own (ports 4754–4757, its own data
// dir), as guarantee-late.spec.ts does: the buyer shares a proof; the server stops; the spec moves
// the link's creation and expiry back 7 days and a minute in its database; the server starts again on the same
// data dir, and a colleague opening the link is refused with the reason, the proof unanswered.

const server = ownServerForSpec(4754, "expired");

test("a share link past its 7 days refuses the colleague who opens it, and the proof still waits for an answer", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mailbox = new Mailbox(server.url);
  const buyerContext = await server.context(browser);
  const staffContext = await server.context(browser);
  const page = await buyerContext.newPage();
  const staff = staffContext.request;

  // The buyer and this server's staff account (the shared one lives on the shared server).
  const buyer = newBuyer("expired");
  await signUpOverHttp(page.request, mailbox, buyer);
  await signUpOverHttp(staff, mailbox, STAFF);
  expect(await signInWithTwoStep(staff, STAFF, await turnOnTwoStep(staff, STAFF))).toBe(true);
  const { orderId } = await placeCapOrder(page.request, { email: buyer.email, marker: "Expired share link" });
  await sendProof(staff, orderId);

  await page.goto(`/orders/${orderId}`);
  const share = page.getByTestId("proof-share");
  await share.getByRole("button", { name: "Share for approval" }).click();
  const link = new URL(await share.getByLabel(/^Share link/).inputValue()).pathname;
  await expect(share.getByTestId("share-link")).toHaveCount(1);

  // The server stops; its database says the link was made 7 days and a minute ago (the table
  // requires expiry after creation, so both move).
  await server.editDatabase(async (pg) => {
    const moved = await pg.query(
      "update proof_share_links set created_at = created_at - interval '7 days 1 minute', expires_at = expires_at - interval '7 days 1 minute'",
    );
    expect(moved.affectedRows).toBe(1);
  });

  const guestContext = await server.context(browser);
  const guest = await guestContext.newPage();
  const opened = await guest.goto(link);
  expect(opened?.status()).toBe(410);
  await expect(guest.getByRole("alert")).toHaveText(
    "This approval link has expired: links work for 7 days. Ask the person who shared it for a new one.",
  );
  await expect(guest.getByRole("button", { name: "Approve version 1" })).toHaveCount(0);
  for (const width of [375, 1280]) {
    await guest.setViewportSize({ width, height: 900 });
    await guest.screenshot({ path: `/tmp/proof-approval-expired-${width}.png`, fullPage: true });
  }
  await guestContext.close();

  // The buyer's page no longer lists the link as live; the proof still waits for their answer.
  await page.reload();
  await expect(share.getByTestId("share-link")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Approve version 1" })).toBeVisible();
  await buyerContext.close();
  await staffContext.close();
});
