import { addDays, formatDateRange, londonToday } from "~/domain/core/dates";
import { type Closure, setClosures } from "~/domain/core/working-days";
import { estimateDelivery } from "~/domain/fulfilment/delivery";
import { signInWithTwoStep, STAFF, turnOnTwoStep } from "./support/api";
import { expect, Mailbox, signUpOverHttp, test } from "./support/fixtures";
import { ownServerForSpec } from "./support/own-server-spec";

// docs/decisions/078-shop-closures.md: staff close the shop for two weeks from today, and the cap's
// page, which a signed-out buyer reads from the cache, shows delivery windows that skip those days
// (counted by the server and again by the browser as it hydrates); a closure that overlaps is refused
// with the reason and the form keeps what was typed; removing the closure brings the dates back.
// The journey moves the dates every other spec reads, so it runs a server of its own (ports 4766–4769).
const server = ownServerForSpec(4766, "closures");

/** The cap's production and delivery times as every fresh shop starts with them (app/catalogue/products.ts). */
const CAP = { leadTime: "3.5 weeks", deliveryTime: "5-7 days" };

/** The cap's window by `method` as the date engine counts it with `closures`. */
function capWindow(method: "standard" | "express", closures: readonly Closure[]): string {
  setClosures(closures);
  try {
    const { start, end } = estimateDelivery({ products: [CAP], method, now: new Date() });
    return formatDateRange(start, end);
  } finally {
    setClosures([]);
  }
}

test("staff close the shop for two weeks: the product page's delivery dates skip them, an overlap is refused, and removing it brings the dates back", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const mailbox = new Mailbox(server.url);
  const staff = await (await server.context(browser)).newPage();
  const buyer = await (await server.context(browser)).newPage();
  await signUpOverHttp(staff.request, mailbox, STAFF);
  const key = await turnOnTwoStep(staff.request, STAFF);
  expect(await signInWithTwoStep(staff.request, STAFF, key)).toBe(true);

  const today = londonToday(new Date());
  const shutdown: Closure = { from: today, to: addDays(today, 13), reason: "Winter shutdown" };
  const before = { standard: capWindow("standard", []), express: capWindow("express", []) };
  const during = { standard: capWindow("standard", [shutdown]), express: capWindow("express", [shutdown]) };
  // Two weeks hold at least eight working days: every window moves.
  expect(during.express).not.toBe(before.express);

  await buyer.goto("/product/8");
  await expect(buyer.getByTestId("delivery-express")).toHaveText(before.express);
  await expect(buyer.getByTestId("delivery-standard")).toHaveText(before.standard);

  // Staff find the closures in the back office's tabs and close the shop for two weeks.
  await staff.goto("/admin");
  await staff.getByRole("link", { name: "Closures", exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Closures" })).toBeVisible();
  const form = staff.getByRole("region", { name: "Close the shop" });
  await form.getByLabel("First day closed").fill(shutdown.from);
  await form.getByLabel("Last day closed").fill(shutdown.to);
  await form.getByLabel("Reason").fill("Winter shutdown");
  await form.getByRole("button", { name: "Add closure" }).click();
  await expect(staff.getByText("Closed: Winter shutdown.")).toBeVisible();
  const table = staff.getByRole("region", { name: "Days the shop is shut" });
  await expect(table.getByRole("row", { name: /Winter shutdown/ })).toBeVisible();
  await expect(table.getByRole("row", { name: /Bank holiday/ }).first()).toBeVisible();

  // The buyer's page, cached for signed-out visitors, shows the new windows.
  // Read again until the page shows `expected`: a change reaches every process, and the cache, within a second or two.
  const expressShows = (expected: string) =>
    expect
      .poll(
        async () => {
          await buyer.reload();
          return buyer.getByTestId("delivery-express").textContent();
        },
        { timeout: 10_000 },
      )
      .toBe(expected);
  await expressShows(during.express);
  await expect(buyer.getByTestId("delivery-standard")).toHaveText(during.standard);
  // The browser counted the same days as it hydrated: the page kept the server's dates.
  await buyer.waitForLoadState("networkidle");
  await expect(buyer.getByTestId("delivery-express")).toHaveText(during.express);

  // A closure that overlaps is refused with the reason, and what was typed stays in the form.
  await form.getByLabel("First day closed").fill(addDays(today, 10));
  await form.getByLabel("Last day closed").fill(addDays(today, 20));
  await form.getByLabel("Reason").fill("Stocktake");
  await form.getByRole("button", { name: "Add closure" }).click();
  await expect(staff.getByText(/These days overlap the closure "Winter shutdown"/).first()).toBeVisible();
  await expect(form.getByLabel("Reason")).toHaveValue("Stocktake");
  await expect(table.getByRole("row", { name: /Stocktake/ })).toHaveCount(0);

  // Removing the closure brings the dates back.
  await table.getByRole("button", { name: /Remove the closure Winter shutdown/ }).click();
  await expect(staff.getByText("Removed: Winter shutdown.", { exact: false })).toBeVisible();
  await expect(table.getByRole("row", { name: /Winter shutdown/ })).toHaveCount(0);
  await expressShows(before.express);
});
