import { FAKE_SMS_ACCOUNT } from "../setup/sms-provider";
import { expect, test } from "./support/fixtures";
import { latestText, newPhone, twilioSignature, unsubscribeLinkOf } from "./support/sms";

// Issue 18 item 5: texts reach phones through the real HTTP SMS adapter, here pointed at
// start-server.ts's fake of Twilio's Messages API, whose received texts are read back at PORT+2/sms.
test.describe.configure({ timeout: 60_000 });

test("sign up with a mobile number and confirm it with the texted code", async ({ page, baseURL }) => {
  const phone = newPhone();
  await page.goto("/sign-up");
  await page.getByLabel("First name").fill("Raj");
  await page.getByLabel("Last name").fill("Patel");
  await page.getByLabel("Work e-mail or mobile number").fill(`0${phone.slice(3)}`);
  await page.getByLabel("Password").fill("marmalade skyline 42");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your phone" })).toBeVisible();

  const text = await latestText(baseURL!, phone, /is your .* code/);
  const code = /^(\d{6})/.exec(text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel("Code").fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: /Account menu for Raj Patel/ })).toBeVisible();
});

test("the SMS list: the welcome text's unsubscribe link opts the number out, and STOP does too", async ({
  page,
  request,
  baseURL,
}) => {
  const phone = newPhone();
  const signup = await request.post("/api/sms-signups", { data: { phone: `0${phone.slice(3)}`, sourcePage: "/" } });
  expect(signup.status(), await signup.text()).toBe(201);
  const link = await unsubscribeLinkOf(baseURL!, phone);
  expect(link).toContain(`${baseURL}/sms/unsubscribe?t=`);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Unsubscribe from our texts" })).toBeVisible();
    await expect(page.getByText(`+44 ••• ••• ${phone.slice(-3)}`)).toBeVisible();
    await page.screenshot({ path: `/tmp/sms-unsubscribe-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `+44 ••• ••• ${phone.slice(-3)} is unsubscribed. We won't send it our product updates.`,
  );
  await page.reload();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);

  // A changed link says so.
  await page.goto(link.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
  await expect(page.getByRole("alert")).toContainText("This unsubscribe link is incomplete or has been changed.");

  // Signing up again clears the opt-out; STOP to the provider's webhook, signed as Twilio signs, ends it.
  expect((await request.post("/api/sms-signups", { data: { phone, sourcePage: "/" } })).status()).toBe(201);
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  const url = `${baseURL}/api/sms/inbound`;
  const params = { AccountSid: FAKE_SMS_ACCOUNT.accountSid, Body: " Stop ", From: phone, To: FAKE_SMS_ACCOUNT.from };
  const unsigned = await request.post(url, { form: params, headers: { "X-Twilio-Signature": "bm9wZQ==" } });
  expect(unsigned.status()).toBe(403);
  const signature = twilioSignature(url, params);
  const stop = await request.post(url, { form: params, headers: { "X-Twilio-Signature": signature } });
  expect(stop.status()).toBe(200);
  expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  await page.reload();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expect(page.getByText("is unsubscribed")).toBeVisible();
});
