import { axeViolations } from "./support/axe";
import type { Page } from "@playwright/test";
import { BUSINESS_SAMPLES } from "../../app/domain/people/business-variables";
import { signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";

// The stored row is checked against the database in app/server/shop/inquiries.server.test.ts; here the
// notification is read back from the loopback SMTP server the test server sends through.
const SALES_INBOX = BUSINESS_SAMPLES.BUSINESS_SALES_EMAIL;

/** A company name no other run or test uses, to find this test's e-mail. */
const uniqueCompany = (label: string) => `Cobol & Co ${label} ${Date.now().toString(36)}`;

function contactForm(page: Page) {
  return page.getByRole("form", { name: "Contact Form" });
}

async function fillRequired(page: Page, email: string, company = "Cobol & Co") {
  const form = contactForm(page);
  await form.getByLabel("First name").fill("Grace");
  await form.getByLabel("Last name").fill("Hopper");
  await form.getByLabel("Work email").fill(email);
  await form.getByLabel("Company").fill(company);
}

test.describe("the contact form (R-CONTACT-01..06)", () => {
  test("has the spec's headings, fields and button", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in Touch");
    await expect(page.getByRole("heading", { level: 2, name: "Contact Form" })).toBeVisible();
    const form = page.getByRole("form", { name: "Contact Form" });
    for (const [name, type] of [
      ["first_name", "text"],
      ["last_name", "text"],
      ["email", "email"],
      ["phone", "tel"],
      ["company", "text"],
      ["deadline", "date"],
    ] as const) {
      await expect(form.locator(`input[name="${name}"]`)).toHaveAttribute("type", type);
    }
    await expect(form.locator('select[name="purpose"]')).toHaveCount(1);
    await expect(form.locator('textarea[name="notes"]')).toHaveCount(1);
    for (const label of ["First name", "Last name", "Work email", "Company"]) {
      await expect(contactForm(page).getByLabel(label)).toHaveAttribute("aria-required", "true");
    }
    await expect(contactForm(page).getByLabel("Phone")).not.toHaveAttribute("aria-required", "true");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled();
    // The other ways to reach us are the business profile's (decision 059; its samples here).
    const others = page.getByRole("complementary", { name: "Other ways to reach us" });
    const { BUSINESS_SUPPORT_EMAIL: email, BUSINESS_PHONE: phone, BUSINESS_BOOKING_URL: booking } = BUSINESS_SAMPLES;
    await expect(others.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(others.getByRole("link", { name: phone })).toHaveAttribute("href", "tel:01632960000");
    await expect(others.getByRole("link", { name: /^Book a 15-minute call/ })).toHaveAttribute("href", booking);
    await expect(others.getByRole("link", { name: /^Chat with the founders/ })).toHaveAttribute(
      "href",
      "https://chat.sample.invalid/?text=Hi%20Swag%20Studio%20founders",
    );
  });

  test("bad input is refused with messages tied to the fields; good input is sent", async ({ page, mailbox }) => {
    const company = uniqueCompany("js");
    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible(); // hydrated
    await contactForm(page).getByLabel("Notes").fill("About 120 navy caps");
    await page.getByRole("button", { name: "Send Message" }).click();

    const summary = page.getByRole("alert").filter({ hasText: "Please fix the following:" });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link")).toHaveText([
      "First name: Enter your first name",
      "Last name: Enter your last name",
      "Work email: Enter your work e-mail",
      "Company: Enter your company name",
    ]);
    await expect(page).toHaveURL(/\/contact$/);
    const email = contactForm(page).getByLabel("Work email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Enter your work e-mail");
    expect(await axeViolations(page)).toEqual([]);

    await fillRequired(page, "grace-at-example", company);
    await expect(email).toHaveAccessibleDescription("Enter an e-mail address in the format name@company.com");
    await expect(contactForm(page).getByLabel("First name")).not.toHaveAttribute("aria-invalid");
    await expect(contactForm(page).getByLabel("Notes")).toHaveValue("About 120 navy caps");

    await email.fill("grace@example.co.uk");
    await contactForm(page).getByLabel("Phone").fill("+44 20 7946 0958");
    await contactForm(page)
      .getByLabel("What can we help with?")
      .selectOption({ label: "A quote for catalogue products" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/inquiry-success$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks, your message has been sent.");
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();

    const mail = await mailbox.latest(SALES_INBOX, new RegExp(`^New enquiry: Grace Hopper, ${company}$`));
    for (const line of [
      "E-mail: grace@example.co.uk",
      "Phone: +44 20 7946 0958",
      "Purpose: A quote for catalogue products",
      "Notes: About 120 navy caps",
      "Deadline: (not given)",
    ]) {
      expect(mail.text).toContain(line);
    }
  });
});

test("staff find a contact-form sender by e-mail and erase what they sent, recorded without the address", async ({
  page,
  browser,
}) => {
  const company = uniqueCompany("erase");
  const address = `erase-me-${Date.now().toString(36)}@example.org`;
  await page.goto("/contact");
  await expect(page.getByRole("button", { name: "SMS updates" })).toBeVisible(); // hydrated
  await fillRequired(page, address, company);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/inquiry-success$/);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff.request);
  await staff.goto("/admin/inbox/inquiries");
  await expect(staff.getByText(company)).toBeVisible();
  await staff.getByRole("link", { name: "People's data", exact: true }).click();
  // Part of the address finds nothing: it is asked for in full.
  const who = staff.getByLabel("E-mail address or UK phone number");
  await who.fill(address.split("@")[0] ?? "");
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(who).toHaveAccessibleDescription(/neither an e-mail address nor a UK phone number/);
  await who.fill(address.toUpperCase());
  await staff.getByRole("button", { name: "Find" }).click();
  await expect(staff.getByTestId("person-entries")).toContainText(`Grace Hopper, ${company}`);
  await staff.getByRole("button", { name: "Erase these entries" }).click();
  await expect(
    staff.getByRole("status").filter({ hasText: /^Erased 1 contact message, 0 quote requests/ }),
  ).toBeVisible();
  await staff.goto("/admin/inbox/inquiries");
  await expect(staff.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(staff.getByText(company)).toHaveCount(0);
  // The audit log says it was done, and not to whom.
  await staff.goto("/admin/audit?subject=person");
  const erased = staff.getByTestId("audit-event").filter({ hasText: "Erased at the person's request" }).first();
  await expect(erased).toContainText("1 contact message");
  await expect(staff.getByText(address)).toHaveCount(0);
  await staffContext.close();
});

test.describe("the contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks it, keeps every value, and then sends it", async ({ page, mailbox }) => {
    const company = uniqueCompany("no-js");
    await page.goto("/contact");
    await fillRequired(page, "not-an-email", company);
    await contactForm(page).getByLabel("Deadline").fill("2026-12-18");
    await contactForm(page).getByLabel("Notes").fill("Diaries for new starters");
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("alert")).toContainText(
      "Work email: Enter an e-mail address in the format name@company.com",
    );
    await expect(contactForm(page).getByLabel("Work email")).toHaveAccessibleDescription(
      "Enter an e-mail address in the format name@company.com",
    );
    await expect(contactForm(page).getByLabel("First name")).toHaveValue("Grace");
    await expect(contactForm(page).getByLabel("Work email")).toHaveValue("not-an-email");
    await expect(contactForm(page).getByLabel("Deadline")).toHaveValue("2026-12-18");
    await expect(contactForm(page).getByLabel("Notes")).toHaveValue("Diaries for new starters");

    await contactForm(page).getByLabel("Work email").fill("grace@example.co.uk");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page).toHaveURL(/\/inquiry-success$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks, your message has been sent.");
    const mail = await mailbox.latest(SALES_INBOX, new RegExp(`^New enquiry: Grace Hopper, ${company}$`));
    expect(mail.text).toContain("Deadline: 2026-12-18");
    expect(mail.text).toContain("Notes: Diaries for new starters");
  });
});

// Security round two (docs/security.md): an e-mail the old pattern took time in the square of its length on
// ('a@a.a.a.…@'; 60 kB held the server for 0.7 s, 1 MB for minutes). The length is checked before
// any pattern runs, so the post is refused at once and the server keeps answering.
test.describe("a slow-pattern attack on the contact form", () => {
  const attack = (length: number) => ({
    form: { first_name: "Grace", last_name: "Hopper", email: `a@${"a.".repeat(length / 2)}@`, company: "Cobol & Co" },
  });

  test("a 60 kB 'a.a.a.…@' e-mail is refused and /healthz is never held up 100 ms", async ({ request }) => {
    // A first refusal loads the route's code, so the timing below is of the attack, not of a cold start.
    expect((await request.post("/contact", { form: { email: "warm-up" } })).status()).toBe(400);
    const timeHealthz = async () => {
      const started = performance.now();
      expect((await request.get("/healthz")).status()).toBe(200);
      return Math.round(performance.now() - started);
    };
    /**
     * How much longer than usual /healthz waits while the attack is sent and handled. "Usual" is
     * the median of five asks just before, under whatever load the other test workers make.
     */
    const holdUp = async () => {
      const before: number[] = [];
      for (let i = 0; i < 5; i += 1) before.push(await timeHealthz());
      const usual = before.sort((a, b) => a - b)[2]!;
      let posted = false;
      const post = request.post("/contact", attack(60_000)).finally(() => {
        posted = true;
      });
      const waits: number[] = [];
      // Asked while the post is sent and handled, and a few times after: a pattern stuck on the
      // e-mail would hold one of these up for as long as it runs.
      while (!posted || waits.length < 3) waits.push(await timeHealthz());
      const answer = await post;
      expect(answer.status()).toBe(400);
      expect(await answer.text()).toContain("Keep this under 254 characters");
      return { extra: Math.max(...waits) - usual, seen: `${waits.join(", ")} ms (usually ${usual} ms)` };
    };
    // A slow pattern holds the server up on every attack alike (0.7 s or more each time on the old
    // one); a busy CI machine's hiccups come and go. So the attack is sent up to five times, and one
    // round in which /healthz was not held up shows the attack itself does not hold it up.
    const rounds: string[] = [];
    let clean = false;
    while (!clean && rounds.length < 5) {
      const { extra, seen } = await holdUp();
      rounds.push(seen);
      clean = extra < 100;
    }
    expect(clean, `/healthz took ${rounds.join("; ")}`).toBe(true);
  });

  test("a 1 MB 'a.a.a.…@' e-mail is refused with the length message, and the page sent back stays small", async ({
    request,
  }) => {
    const answer = await request.post("/contact", attack(1_000_000));
    expect(answer.status()).toBe(400);
    const page = await answer.text();
    expect(page).toContain("Keep this under 254 characters");
    // The refused values are sent back cut to their limits, not echoed whole (a 2 MB page before).
    expect(page.length).toBeLessThan(200_000);
  });
});
