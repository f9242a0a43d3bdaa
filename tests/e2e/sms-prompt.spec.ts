import { axeViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { confirmLinkOf, newPhone } from "./support/sms";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date("2026-11-20T10:00:00Z").getTime();
const LAST_SHOWN = "swag:sms-last-shown";
const SIGNED_UP = "swag:sms-signed-up";
const TITLE = "Get monthly product updates";
/** R-ERR-03: the same words for every number (docs/decisions/034-sms-double-opt-in.md). */
const CHECK_YOUR_PHONE = "You're all set for monthly product updates!";

function prompt(page: Page) {
  return page.getByRole("dialog", { name: TITLE });
}

/** Opens a page with the clock installed at NOW, after hydration (the floating button only renders then). */
async function openAt(page: Page, path = "/", lastShown?: number) {
  await page.clock.install({ time: NOW });
  if (lastShown !== undefined) {
    await page.addInitScript(({ key, value }) => window.localStorage.setItem(key, value), {
      key: LAST_SHOWN,
      value: String(lastShown),
    });
  }
  await page.goto(path);
  await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
}

test.describe("the SMS prompt opening by itself (R-SMS-01..03, R-TIME-04)", () => {
  test("opens 23 s after load and records when", async ({ page }) => {
    // Paused, so the page's timer starts at a known instant and nothing moves while we look.
    await page.clock.install({ time: NOW - 1000 });
    await page.clock.pauseAt(NOW);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
    await page.clock.runFor(22_900);
    await expect(prompt(page)).toBeHidden();
    await page.clock.runFor(100);
    await expect(prompt(page)).toBeVisible();
    const recorded = Number(await page.evaluate((key) => window.localStorage.getItem(key), LAST_SHOWN));
    expect(recorded).toBe(NOW + 23_000);
    // It does not take the keyboard away from the page when it opens uninvited.
    await expect(page.getByLabel("UK phone number")).not.toBeFocused();
  });

  test("stays shut when it was shown 29 days ago", async ({ page }) => {
    await openAt(page, "/", NOW - 29 * DAY);
    await page.clock.runFor(60_000);
    await expect(prompt(page)).toBeHidden();
  });

  test("opens again when it was shown 30 days ago", async ({ page }) => {
    await openAt(page, "/", NOW - 30 * DAY);
    await page.clock.runFor(23_000);
    await expect(prompt(page)).toBeVisible();
  });
});

test.describe("signing up (R-SMS-04..10, R-ERR-03, R-ERR-08)", () => {
  test("Submit waits for a valid UK number and reads 'Submitting...' while the server answers", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/sms-signups", async (route) => {
      await held;
      await route.fulfill({ status: 201, json: { id: "signup-1" } });
    });
    await openAt(page, "/faqs");
    await page.getByRole("button", { name: "SMS updates" }).click();
    const dialog = prompt(page);
    const submit = dialog.getByRole("button", { name: "Submit" });
    const phone = dialog.getByLabel("UK phone number");
    await expect(phone).toBeFocused();
    await expect(submit).toBeDisabled();
    await phone.fill("0712345");
    await expect(submit).toBeDisabled();
    await expect(dialog.getByRole("alert")).toHaveText("");
    await phone.fill("07123-456789");
    await expect(submit).toBeDisabled();

    await phone.fill("07123 456789");
    await expect(submit).toBeEnabled();
    const sent = page.waitForRequest("**/api/sms-signups");
    await submit.click();
    expect((await sent).postDataJSON()).toEqual({ phone: "07123 456789", sourcePage: "/faqs" });
    const busy = dialog.getByRole("button", { name: "Submitting..." });
    await expect(busy).toBeDisabled();
    await expect(page.getByText("Success!")).toHaveCount(0);

    release();
    await expect(page.getByText("Success!", { exact: true })).toBeVisible();
    await expect(page.getByText(CHECK_YOUR_PHONE, { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "SMS updates" })).toHaveCount(0);
    const record = JSON.parse((await page.evaluate((key) => window.localStorage.getItem(key), SIGNED_UP)) ?? "null");
    expect(record).toEqual({ phoneNumber: "+447123456789", timestamp: expect.any(Number), id: "signup-1" });

    // Signed up: no button after a reload, and no prompt by itself either.
    await page.reload();
    await page.clock.runFor(60_000);
    await expect(prompt(page)).toBeHidden();
    await expect(page.getByRole("button", { name: "SMS updates" })).toHaveCount(0);
  });

  test("a refused sign-up says so, claims nothing and lets the visitor try again", async ({ page }) => {
    await page.route("**/api/sms-signups", (route) =>
      route.fulfill({ status: 500, json: { error: { code: "INTERNAL", message: "boom" } } }),
    );
    await openAt(page);
    await page.getByRole("button", { name: "SMS updates" }).click();
    const dialog = prompt(page);
    await dialog.getByLabel("UK phone number").fill("+447123456789");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("We couldn't save your number. Please try again.");
    await expect(dialog.getByLabel("UK phone number")).toHaveAccessibleDescription(/We couldn't save your number/);
    expect(await axeViolations(page)).toEqual([]);
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();
    await expect(page.getByText("Success!")).toHaveCount(0);
    await expect(dialog.getByLabel("UK phone number")).toHaveValue("+447123456789");
    expect(await page.evaluate((key) => window.localStorage.getItem(key), SIGNED_UP)).toBeNull();
    await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible();
  });

  test("closing resets the form", async ({ page }) => {
    await openAt(page);
    await page.getByRole("button", { name: "SMS updates" }).click();
    await prompt(page).getByLabel("UK phone number").fill("07123 456789");
    await prompt(page).getByRole("button", { name: "Close" }).click();
    await expect(prompt(page)).toBeHidden();
    await page.getByRole("button", { name: "SMS updates" }).click();
    await expect(prompt(page).getByLabel("UK phone number")).toHaveValue("");
    await expect(prompt(page).getByRole("button", { name: "Submit" })).toBeDisabled();
  });

  test("the real server stores the number and texts it before the message says so", async ({ page, baseURL }) => {
    const phone = newPhone();
    await openAt(page);
    await page.getByRole("button", { name: "SMS updates" }).click();
    await prompt(page)
      .getByLabel("UK phone number")
      .fill(`0${phone.slice(3)}`);
    const answer = page.waitForResponse("**/api/sms-signups");
    await prompt(page).getByRole("button", { name: "Submit" }).click();
    expect((await answer).status()).toBe(201);
    await expect(page.getByText(CHECK_YOUR_PHONE, { exact: true })).toBeVisible();
    expect(await confirmLinkOf(baseURL!, phone)).toContain("/sms/confirm?t=");
  });

  test("a sign-up past a limit shows the server's reason and keeps the number", async ({ page }) => {
    const reason = "This number has been signed up 3 times today. Please try again tomorrow.";
    await page.route("**/api/sms-signups", (route) =>
      route.fulfill({ status: 429, json: { error: { code: "RATE_LIMITED", message: reason } } }),
    );
    await openAt(page);
    await page.getByRole("button", { name: "SMS updates" }).click();
    const dialog = prompt(page);
    await dialog.getByLabel("UK phone number").fill("07123 456789");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog.getByRole("alert")).toHaveText(reason);
    await expect(dialog.getByLabel("UK phone number")).toHaveValue("07123 456789");
    await expect(dialog.getByRole("button", { name: "Submit" })).toBeEnabled();
    await expect(page.getByText("Success!")).toHaveCount(0);
  });
});

test.describe("the floating button never covers the page (R-SMS-04)", () => {
  for (const width of [375, 1280]) {
    test(`at ${width} px never covers the page's last lines once it is scrolled to its end`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      for (const path of ["/", "/product/8", "/faq"]) {
        await openAt(page, path);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const covered = await page.evaluate(() => {
          const button = document.querySelector("[data-floating-button]");
          if (!button) return ["no button"];
          const b = button.getBoundingClientRect();
          return [...document.querySelectorAll("body *")]
            .filter((el) => !button.contains(el) && el.children.length === 0 && el.textContent?.trim())
            .filter((el) => {
              const r = el.getBoundingClientRect();
              return r.width > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom;
            })
            .map((el) => el.textContent?.trim().slice(0, 40));
        });
        expect(covered, path).toEqual([]);
      }
    });
  }
});
