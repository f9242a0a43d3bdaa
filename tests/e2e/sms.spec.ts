import { expect, test } from "./support/fixtures";
import { confirmLinkOf, inboundText, latestText, newPhone, textsTo, unsubscribeLinkOf } from "./support/sms";

// Texts reach phones through the real HTTP SMS adapter, here pointed at
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

test("the SMS list is double opt-in: one text asks for YES, its link confirms once, then the welcome's unsubscribe link and STOP opt out, and only START brings the number back", async ({
  page,
  request,
  baseURL,
}) => {
  const phone = newPhone();
  const signup = await request.post("/api/sms-signups", { data: { phone: `0${phone.slice(3)}`, sourcePage: "/" } });
  expect(signup.status(), await signup.text()).toBe(201);
  const confirm = await confirmLinkOf(baseURL!, phone);
  expect(confirm).toContain(`${baseURL}/sms/confirm?t=`);
  // One text, and nothing else until the phone confirms.
  expect(await textsTo(baseURL!, phone)).toHaveLength(1);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(confirm);
    await expect(page.getByRole("heading", { name: "Confirm your text updates" })).toBeVisible();
    await expect(page.getByText(`+44 ••• ••• ${phone.slice(-3)}`)).toBeVisible();
    await page.screenshot({ path: `/tmp/sms-confirm-${width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Yes, text me" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `+44 ••• ••• ${phone.slice(-3)} is confirmed. We'll text it our monthly product updates; reply STOP to any of them to opt out.`,
  );
  // The link works once.
  await page.goto(confirm);
  await expect(page.getByRole("alert")).toContainText("This confirmation link has expired, has already been used");

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

  // A web sign-up does not undo the opt-out, and sends the number nothing; the answer is the same 201.
  const texted = (await textsTo(baseURL!, phone)).length;
  expect((await request.post("/api/sms-signups", { data: { phone, sourcePage: "/" } })).status()).toBe(201);
  await page.goto(link);
  await expect(page.getByText("is unsubscribed")).toBeVisible();
  expect(await textsTo(baseURL!, phone)).toHaveLength(texted);

  // An unsigned START is refused; START from the phone, signed as Twilio signs, brings it back; STOP ends it.
  const start = inboundText(baseURL!, phone, "Start");
  const unsigned = await request.post(start.url, { form: start.form, headers: { "X-Twilio-Signature": "bm9wZQ==" } });
  expect(unsigned.status()).toBe(403);
  const started = await request.post(start.url, { form: start.form, headers: start.headers });
  expect(started.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  const stop = inboundText(baseURL!, phone, " Stop ");
  const stopped = await request.post(stop.url, { form: stop.form, headers: stop.headers });
  expect(stopped.status()).toBe(200);
  expect(await stopped.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  await page.reload();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expect(page.getByText("is unsubscribed")).toBeVisible();
});

test("the SMS list: a YES reply to the request, signed by the provider, confirms the number", async ({
  request,
  baseURL,
}) => {
  const phone = newPhone();
  expect((await request.post("/api/sms-signups", { data: { phone, sourcePage: "/faqs" } })).status()).toBe(201);
  await confirmLinkOf(baseURL!, phone);
  const yes = inboundText(baseURL!, phone, "yes");
  expect(
    (await request.post(yes.url, { form: yes.form, headers: { "X-Twilio-Signature": "bm9wZQ==" } })).status(),
  ).toBe(403);
  expect(await textsTo(baseURL!, phone)).toHaveLength(1);
  expect((await request.post(yes.url, { form: yes.form, headers: yes.headers })).status()).toBe(200);
  expect(await unsubscribeLinkOf(baseURL!, phone)).toContain(`${baseURL}/sms/unsubscribe?t=`);
  expect(await textsTo(baseURL!, phone)).toHaveLength(2);
});
