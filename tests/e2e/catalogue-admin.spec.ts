import { signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";

// docs/decisions/066-catalogue-is-data.md: staff see the catalogue as the database holds it, find a
// product by what they remember of it, and narrow the list by category and status.

test("staff find the catalogue's products in the back office, by search, category and status", async ({ page }) => {
  await signInAsStaff(page.request);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(page.getByText("4 products: 4 published, 0 drafts, 0 archived.")).toBeVisible();
  const table = page.getByRole("region", { name: "Products" });
  const titles = table.getByRole("rowheader");
  await expect(titles).toHaveCount(4);
  await expect(titles.first()).toContainText("Custom Embroidered Cap");
  await expect(table.getByRole("row", { name: /Custom Embroidered Cap/ })).toContainText("£3.88–£5.50 each");

  // A search, by the URL name, and the page's address keeps it.
  const search = page.getByRole("search", { name: "Find products" });
  await search.getByLabel("Title, URL name, supplier reference or id").fill("yoga");
  await search.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]q=yoga/);
  await expect(page.getByRole("status")).toHaveText("1 product matches.");
  await expect(titles).toHaveText([/Custom Yoga Mat/]);

  // Narrowed to a status no product has: the list says so, and the search is still in its box.
  await search.getByLabel("Status").selectOption("Archived");
  await search.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No product matches. Change the search or the filters.")).toBeVisible();
  await expect(search.getByLabel("Title, URL name, supplier reference or id")).toHaveValue("yoga");

  // A published product's title opens its page as a buyer sees it.
  await page.goto("/admin/products?category=Apparel");
  await table.getByRole("link", { name: "Custom Running Shorts" }).click();
  await expect(page).toHaveURL(/\/product\/15$/);
  await expect(page.getByRole("heading", { level: 1, name: "Custom Running Shorts" })).toBeVisible();
});
