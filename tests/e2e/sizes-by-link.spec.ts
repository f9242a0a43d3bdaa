import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { addDays, formatDisplayDate, londonToday } from "../../app/domain/core/dates";
import { axeViolations } from "./support/axe";
import { addToCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";

/** No WCAG violation at a phone's width and a desktop's (decision 090's pages). */
async function axeCleanAtBothWidths(page: Page, what: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page), `${what} at ${width} px`).toEqual([]);
  }
}

/** A person without an account answers through the link, in a browser of their own. */
async function answer(page: Page, link: string, who: { name: string; size: string }) {
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Team kit for the 10k");
  await page.getByRole("group", { name: "Your size" }).getByText(who.size, { exact: true }).click();
  await page.getByLabel("Your name").fill(who.name);
  await page.getByRole("button", { name: "Send my size" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: `Thanks, ${who.name}: size ${who.size} is in.` }),
  ).toBeVisible();
  return page.getByLabel(/^Your link to change your answer/).inputValue();
}

test("a buyer collects sizes for running shorts by link, adds spares to the minimum and closes them into step 2", async ({
  page,
  browser,
  signedInBuyer: _buyer,
}) => {
  // Four browsers, three axe runs at two widths each, and a checkout step.
  test.setTimeout(150_000);
  await addToCart(page, "15", { quantity: 50, colour: "Black" });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Collect sizes by link for Custom Running Shorts" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Collect sizes by link");

  // A refusal keeps what was typed.
  await page.getByLabel("Message (optional)").fill("Shorts for race day: choose the size you run in.");
  await page.getByLabel("Who should answer (optional)").fill("Ada\nGrace\nLinus\nMargaret");
  await page.getByRole("button", { name: "Open the collection" }).click();
  await expect(page.getByLabel("Title")).toHaveAccessibleDescription(/Give the collection a title/);
  await expect(page.getByLabel("Message (optional)")).toHaveValue("Shorts for race day: choose the size you run in.");
  await expect(page.getByLabel("Who should answer (optional)")).toHaveValue("Ada\nGrace\nLinus\nMargaret");
  await page.getByLabel("Title").fill("Team kit for the 10k");
  await page.getByRole("button", { name: "Open the collection" }).click();
  const link = await page.getByLabel("The collection's link").inputValue();
  expect(link).toMatch(/\/collect\/[A-Za-z0-9_-]{43}$/);

  // Three people answer, each in a browser of their own with no account; Grace changes hers.
  const people = await Promise.all([1, 2, 3].map(async () => (await browser.newContext()).newPage()));
  const [ada, grace, linus] = people as [Page, Page, Page];
  await answer(ada, link, { name: "Ada", size: "M" });
  await expect(ada.getByText("Shorts for race day: choose the size you run in.")).toHaveCount(0);
  await axeCleanAtBothWidths(ada, "the answer's confirmation");
  await linus.goto(link);
  await expect(linus.getByText("Shorts for race day: choose the size you run in.")).toBeVisible();
  await expect(linus.getByRole("table", { name: "Size guide" })).toBeVisible();
  await axeCleanAtBothWidths(linus, "the collection's link");
  await answer(linus, link, { name: "Linus", size: "M" });
  const graceLink = await answer(grace, link, { name: "Grace", size: "L" });
  await grace.goto(graceLink);
  await expect(grace.getByTestId("your-answer")).toHaveText("Your answer: size L, as Grace. Change it below.");
  await axeCleanAtBothWidths(grace, "an answer's own link");
  await grace.getByRole("group", { name: "Your size" }).getByText("S", { exact: true }).click();
  await grace.getByRole("button", { name: "Change my answer" }).click();
  await expect(grace.getByRole("status").filter({ hasText: "Changed: your size is now S." })).toBeVisible();
  // Someone who is not in the team answers too, and the buyer takes it out.
  await answer(linus, link, { name: "Tess", size: "L" });

  // The buyer's tally: who answered what, and how far from the minimum.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("link", { name: "See the answers" }).click();
  const answers = page.getByRole("list", { name: "Answers" });
  await expect(page.getByTestId("collection-need-by")).toHaveText(
    "Need them by a date? Set it on your cart and we'll tell you here when to close.",
  );
  await expect(answers.getByRole("listitem")).toHaveCount(4);
  await page.getByRole("button", { name: "Remove Tess's answer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Answer removed." })).toBeVisible();
  await expect(answers.getByRole("listitem")).toHaveCount(3);
  for (const line of ["Ada: M", "Grace: S", "Linus: M"]) await expect(answers).toContainText(line);
  // Who on the buyer's list has not answered; Margaret is away, and comes off the list.
  await expect(page.getByTestId("collection-awaited")).toHaveText("1 of 4 on your list still to answer:");
  await expect(page.getByRole("list", { name: "Still to answer" })).toHaveText("Margaret");
  await page.getByLabel("Who should answer (optional)").fill("Ada\nGrace\nLinus");
  await page.getByRole("button", { name: "Save the list" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your list is saved." })).toBeVisible();
  await expect(page.getByTestId("collection-awaited")).toHaveText("Everyone on your list has answered.");
  await expect(page.getByTestId("collection-total")).toHaveText("3");
  await expect(page.getByTestId("collection-minimum")).toHaveText("47 more to reach the minimum of 50.");
  await expect(page.getByRole("button", { name: "Close and put these sizes on your cart line" })).toBeDisabled();
  await page.getByLabel("Spares of M").fill("30");
  await page.getByLabel("Spares of L").fill("17");
  await page.getByRole("button", { name: "Save spares" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Spares saved." })).toBeVisible();
  await expect(page.getByTestId("collection-total")).toHaveText("50");
  await expect(page.getByTestId("collection-minimum")).toHaveText("50 in all: the minimum of 50 is reached.");
  await axeCleanAtBothWidths(page, "the tally");

  // The cart line says where its sizes come from; a need-by date saved on the cart tells the tally when to close.
  await page.goto("/cart");
  const needBy = addDays(londonToday(new Date()), 60);
  const planner = page.getByRole("region", { name: "Need it by a date?" });
  await planner.getByLabel("Need it by").fill(needBy);
  await planner.getByRole("button", { name: "Plan my dates" }).click();
  await planner.getByRole("button", { name: "Save this date for checkout" }).click();
  await expect(planner.getByRole("status")).toContainText("Saved for your checkout");
  await page.getByRole("link", { name: "Sizes by link: 3 answers" }).click();
  await expect(page.getByTestId("collection-need-by")).toContainText(
    `Your cart needs these by ${formatDisplayDate(needBy)}: close and pay by `,
  );
  await expect(page.getByTestId("collection-need-by")).toContainText("for Standard Shipping");

  // Closing puts the split on the line and opens its step 2 with it.
  await page.getByRole("button", { name: "Close and put these sizes on your cart line" }).click();
  await expect(page).toHaveURL(/\/customization\?/);
  const sizes = page.getByRole("group", { name: "Sizes" });
  await expect(sizes.getByLabel("S", { exact: true })).toHaveValue("1");
  await expect(sizes.getByLabel("M", { exact: true })).toHaveValue("32");
  await expect(sizes.getByLabel("L", { exact: true })).toHaveValue("17");

  // The link now says it closed, to a newcomer and to Grace's own link alike.
  await linus.goto(link);
  await expect(linus.getByRole("alert")).toContainText("This collection closed on");
  await grace.goto(graceLink);
  await expect(grace.getByRole("alert")).toContainText("This collection closed on");
  await Promise.all(people.map((person) => person.context().close()));
});

test("a collection asks each runner where theirs goes: an address, tidied, or the office; the buyer alone sees them", async ({
  page,
  browser,
  signedInBuyer: _buyer,
}) => {
  // Three browsers and two axe runs at two widths each.
  test.setTimeout(120_000);
  await addToCart(page, "15", { quantity: 60, colour: "Black" });
  await page.goto("/cart");
  await page.getByRole("link", { name: "Collect sizes by link for Custom Running Shorts" }).click();
  await page.getByLabel("Title").fill("Team kit for the 10k");
  await page.getByLabel("Ask for each person's name, so you can see who has answered").uncheck();
  await page.getByLabel("Ask for an address, or let them pick it up at the office").check();
  await page.getByRole("button", { name: "Open the collection" }).click();
  // Addresses need names: refused, with the choice kept.
  await expect(page.getByRole("group", { name: "Delivery addresses" })).toHaveAccessibleDescription(
    /Ask for names too, so every parcel has a name on it\./,
  );
  await expect(page.getByLabel("Ask for an address, or let them pick it up at the office")).toBeChecked();
  await page.getByLabel("Ask for each person's name, so you can see who has answered").check();
  await page.getByRole("button", { name: "Open the collection" }).click();
  const link = await page.getByLabel("The collection's link").inputValue();

  const [ada, grace] = (await Promise.all([1, 2].map(async () => (await browser.newContext()).newPage()))) as [
    Page,
    Page,
  ];
  await ada.goto(link);
  const delivery = ada.getByRole("group", { name: "Where should yours go?" });
  await ada.getByRole("group", { name: "Your size" }).getByText("M", { exact: true }).click();
  await ada.getByLabel("Your name").fill("Ada");
  await delivery.getByLabel("Deliver it to me").check();
  await ada.getByLabel("Address line 1").fill("12 High Street");
  await ada.getByLabel("Town or city").fill("Leeds");
  await ada.getByLabel("Postcode").fill("XYZ");
  await axeCleanAtBothWidths(ada, "the link's form with its address");
  await ada.getByRole("button", { name: "Send my size" }).click();
  // A wrong postcode is refused with its reason, and nothing typed is lost.
  await expect(ada.getByLabel("Postcode")).toHaveAccessibleDescription("Enter a valid UK postcode, e.g. SW1A 1AA");
  await expect(ada.getByLabel("Address line 1")).toHaveValue("12 High Street");
  await ada.getByLabel("Postcode").fill("ls14ap");
  await ada.getByRole("button", { name: "Send my size" }).click();
  await expect(
    ada.getByRole("status").filter({
      hasText: "Thanks, Ada: size M is in. It goes to 12 High Street, Leeds LS1 4AP, United Kingdom.",
    }),
  ).toBeVisible();
  const adaLink = await ada.getByLabel(/^Your link to change your answer/).inputValue();

  // Grace picks hers up at the office: the address fields go away.
  await grace.goto(link);
  await grace.getByRole("group", { name: "Your size" }).getByText("S", { exact: true }).click();
  await grace.getByLabel("Your name").fill("Grace");
  await grace.getByLabel("I'll pick it up at the office").check();
  await expect(grace.getByLabel("Address line 1")).toBeHidden();
  await grace.getByRole("button", { name: "Send my size" }).click();
  await expect(
    grace.getByRole("status").filter({ hasText: "Thanks, Grace: size S is in. You'll pick it up at the office." }),
  ).toBeVisible();

  // Ada moves: her own link shows her address, and she changes it.
  await ada.goto(adaLink);
  await expect(ada.getByTestId("your-answer")).toContainText("It goes to 12 High Street, Leeds LS1 4AP");
  await expect(ada.getByLabel("Deliver it to me")).toBeChecked();
  await ada.getByLabel("Address line 1").fill("3 Canal Wharf");
  await ada.getByLabel("Postcode").fill("LS11 5PS");
  await ada.getByRole("button", { name: "Change my answer" }).click();
  await expect(ada.getByRole("status")).toContainText("It goes to 3 Canal Wharf, Leeds LS11 5PS, United Kingdom.");

  // The buyer's tally: each answer with where it goes, and how many to each.
  await page.getByRole("link", { name: "See the answers" }).click();
  await expect(page.getByTestId("collection-deliveries")).toHaveText(
    "1 to their own address, 1 to pick up at the office.",
  );
  const answers = page.getByRole("list", { name: "Answers" });
  await expect(answers.getByRole("listitem").first()).toContainText("3 Canal Wharf, Leeds LS11 5PS, United Kingdom");
  await expect(answers.getByRole("listitem").nth(1)).toContainText("Pick up at the office");
  await expect(page.getByTestId("collection-minimum")).toHaveText("48 more to reach the minimum of 50.");
  await axeCleanAtBothWidths(page, "the tally with addresses");
  // The buyer's copy, to pass on or to send parcels from.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download the answers (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^collection-answers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, "utf8");
  expect(csv).toContain("Ada,M,Delivery,3 Canal Wharf,,Leeds,LS11 5PS,United Kingdom,");
  expect(csv).toContain("Grace,S,Office pickup,,,,,,");
  await Promise.all([ada, grace].map((person) => person.context().close()));
});
