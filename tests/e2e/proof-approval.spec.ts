import type { Browser, Page } from "@playwright/test";
import { postForm, signInAsStaff } from "./support/api";
import { expect, type Mailbox, newBuyer, signUpOverHttp, test, type Buyer } from "./support/fixtures";
import { placeCapOrder, sendProof } from "./support/orders";
import { expectAccessible } from "./support/axe";

// Approve together (decision 025): the buyer shares a proof version; a colleague without an
// account opens the link signed out, gives a name and an e-mail address and approves; the order
// page says who approved, how and when. A revoked link and a forged one refuse. In an
// organisation, an approver answers from their own account while a plain member cannot, until the
// owner makes them an approver.

/** Staff send proof version 1 from the back office. */
async function sendProofAsStaff(browser: Browser, orderId: string) {
  const context = await browser.newContext();
  await signInAsStaff(context.request);
  await sendProof(context.request, orderId);
  await context.close();
}

const ANSWERED_AT = /[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/;

test("a colleague without an account approves a shared proof; revoked and forged links refuse", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.slow();
  const { orderId, orderNumber } = await placeCapOrder(page.request, {
    email: buyer.email,
    marker: "Approve together",
  });
  await sendProofAsStaff(browser, orderId);

  // The buyer makes two links and revokes the second.
  await page.goto(`/orders/${orderId}`);
  const share = page.getByTestId("proof-share");
  await share.getByRole("button", { name: "Share for approval" }).click();
  await expect(share.getByRole("status")).toContainText("Share link created");
  const url = await share.getByLabel(/^Share link/).inputValue();
  expect(url).toMatch(/\/proof-approval\/[A-Za-z0-9_-]{43}$/);
  await share.getByRole("button", { name: "Share for approval" }).click();
  await expect(share.getByLabel(/^Share link/)).not.toHaveValue(url);
  const revokedUrl = await share.getByLabel(/^Share link/).inputValue();
  await expect(share.getByTestId("share-link")).toHaveCount(2);
  // Newest first: the second link is the first row.
  await share
    .getByTestId("share-link")
    .first()
    .getByRole("button", { name: /^Revoke/ })
    .click();
  await expect(share.getByRole("status")).toHaveText("Share link revoked: it no longer opens the proof.");
  await expect(share.getByTestId("share-link")).toHaveCount(1);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `/tmp/proof-share-order-${width}.png`, fullPage: true });
  }
  await expectAccessible(page, "the order page with a share link");

  // A colleague, signed out, in a browser of their own.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const revoked = await guest.goto(new URL(revokedUrl).pathname);
  expect(revoked?.status()).toBe(410);
  await expect(guest.getByRole("alert")).toHaveText(
    "This approval link was withdrawn by the person who shared it. Ask them for a new one.",
  );
  const token = new URL(url).pathname.split("/")[2]!;
  const forged = await guest.goto(`/proof-approval/${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`);
  expect(forged?.status()).toBe(404);
  await expect(guest.getByRole("alert")).toContainText("This approval link is not valid.");

  const opened = await guest.goto(new URL(url).pathname);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()["cache-control"]).toBe("private, no-store");
  await expect(guest.getByRole("heading", { name: `Proof for order ${orderNumber}` })).toBeVisible();
  await expect(guest.getByRole("img", { name: "Proof version 1 of Custom Embroidered Cap" })).toBeVisible();
  for (const width of [375, 1280]) {
    await guest.setViewportSize({ width, height: 900 });
    await guest.screenshot({ path: `/tmp/proof-approval-${width}.png`, fullPage: true });
    await expectAccessible(guest, `the approval page at ${width} px`);
  }

  // Changes need a comment; a name and a valid address are required; what was typed stays.
  await guest.getByLabel("Your name").fill("Jane Doe");
  await guest.getByLabel("Your e-mail address").fill("jane.doe@");
  await guest.getByRole("button", { name: "Request changes" }).click();
  await expect(guest.getByText("Tell us what to change.")).toBeVisible();
  await expect(guest.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(guest.getByLabel("Your name")).toHaveValue("Jane Doe");
  await guest.getByLabel("Your e-mail address").fill("jane.doe@colleague.example");
  await guest.getByRole("button", { name: "Approve version 1" }).click();
  await expect(guest.getByRole("status")).toHaveText(
    "Thank you, Jane Doe: version 1 is approved. We've let the buyer know.",
  );
  // Answered once: the link now says so and changes nothing more.
  const again = await guest.goto(new URL(url).pathname);
  expect(again?.status()).toBe(410);
  await expect(guest.getByRole("alert")).toHaveText(
    "This proof has already been answered, so there is nothing more to do here.",
  );
  await guestContext.close();

  // The buyer's order page says who approved, how and when; the order moved on and mailed them.
  await page.reload();
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");
  const answeredBy = page.getByTestId("proof-answered-by");
  await expect(answeredBy).toHaveText(/^Approved by Jane Doe \(jane\.doe@colleague\.example\) via a share link, /);
  expect(await answeredBy.textContent()).toMatch(ANSWERED_AT);
  await expect(page.getByTestId("proof-share")).toHaveCount(0);
  const mail = await mailbox.latest(buyer.email, /^Proof approved for order/);
  expect(mail.subject).toBe(`Proof approved for order ${orderNumber}`);
});

async function colleague(
  browser: Browser,
  mailbox: Mailbox,
  owner: Page,
  role: "Member" | "Approver (also approves proofs)",
) {
  const who: Buyer = newBuyer(role === "Member" ? "member" : "approver");
  const orgs = owner.getByRole("region", { name: "Organisations" });
  await orgs.getByLabel("Invite by e-mail").fill(who.email);
  await orgs.getByLabel("Role").selectOption({ label: role });
  await orgs.getByRole("button", { name: "Send invitation" }).click();
  await expect(orgs.getByText(`Invited: ${who.email}`)).toBeVisible();
  const invite = await mailbox.latest(who.email, /invited to an organisation/);
  const link = /(http:\/\/\S+\/accept-invitation\/\S+)/.exec(invite.text)?.[1];
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpOverHttp(page.request, mailbox, who);
  await page.goto(new URL(link!).pathname);
  await page.getByRole("button", { name: "Accept invitation" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByLabel("Working as")).toHaveValue(/.+/);
  return { who, page, context };
}

test("an organisation approver approves from their own account; a plain member cannot until the owner changes their role", async ({
  page,
  browser,
  mailbox,
  signedInBuyer: buyer,
}) => {
  test.slow();
  await page.goto("/account");
  const orgs = page.getByRole("region", { name: "Organisations" });
  await orgs.getByLabel("New organisation name").fill("Approvals Ltd");
  await orgs.getByRole("button", { name: "Create organisation" }).click();
  await expect(orgs.getByRole("heading", { name: "Approvals Ltd" })).toBeVisible();
  const approver = await colleague(browser, mailbox, page, "Approver (also approves proofs)");
  const member = await colleague(browser, mailbox, page, "Member");
  await page.reload();
  const memberRow = (email: string) =>
    orgs.getByRole("list", { name: "Members of Approvals Ltd" }).getByRole("listitem").filter({ hasText: email });
  const roleOf = (who: Buyer) => memberRow(who.email).getByLabel(`Role of ${who.firstName} ${who.lastName}`);
  await expect(roleOf(approver.who)).toHaveValue("approver");
  await expect(roleOf(member.who)).toHaveValue("member");

  const { orderId } = await placeCapOrder(page.request, { email: buyer.email, marker: "Approve together" });
  await sendProofAsStaff(browser, orderId);

  // The plain member sees the order and its proof, but neither answers nor shares it.
  await member.page.goto(`/orders/${orderId}`);
  await expect(member.page.getByText("Waiting for your answer")).toBeVisible();
  await expect(member.page.getByRole("button", { name: "Approve version 1" })).toHaveCount(0);
  await expect(member.page.getByRole("button", { name: "Share for approval" })).toHaveCount(0);
  const refused = await postForm(member.page.request, `/orders/${orderId}`, { decision: "approve", proofVersion: "1" });
  expect(refused.status).toBe(403);
  const shared = await postForm(member.page.request, `/orders/${orderId}`, {
    intent: "share-proof",
    line: "1",
    proofVersion: "1",
  });
  expect(shared.status).toBe(403);

  // The owner makes the member an approver on the account page (no new invitation): the member's
  // order page now offers the answer, and the owner's own role cannot be changed.
  await page.goto("/account");
  await roleOf(member.who).selectOption({ label: "Approver" });
  await memberRow(member.who.email).getByRole("button", { name: "Change" }).click();
  await expect(orgs.getByText("Role changed.")).toBeVisible();
  await expect(roleOf(member.who)).toHaveValue("approver");
  await expect(memberRow(buyer.email)).toContainText("Owner");
  await expect(memberRow(buyer.email).getByRole("combobox")).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await orgs.screenshot({ path: `/tmp/organisation-roles-${width}.png` });
  }
  await member.page.reload();
  await expect(member.page.getByRole("button", { name: "Approve version 1" })).toBeVisible();
  await member.context.close();

  // The approver answers from their own account.
  await approver.page.goto(`/orders/${orderId}`);
  await approver.page.getByRole("button", { name: "Approve version 1" }).click();
  await expect(approver.page.getByTestId("order-status")).toHaveText("Proof approved");
  await approver.context.close();

  await page.goto(`/orders/${orderId}`);
  const name = `${approver.who.firstName} ${approver.who.lastName}`;
  await expect(page.getByTestId("proof-answered-by")).toHaveText(
    new RegExp(`^Approved by ${name} \\(${approver.who.email.replaceAll(".", "\\.")}\\) via an approver's account, `),
  );
});
