import { signInWithTwoStep, STAFF, turnOnTwoStep } from "./support/api";
import { expect, Mailbox, signUpOverHttp, test } from "./support/fixtures";
import { ownServerForSpec } from "./support/own-server-spec";

// docs/decisions/068-categories-are-data.md: staff add a category, put a product in it, rename it,
// move it up the order and hide it; a signed-out buyer sees it in the listing's categories, then
// not, and its page is not found. Deleting it while it holds a product is refused with the reason.
// The journey changes the categories the shared server's specs read, so it runs a server of its own
// (ports 4762–4765, its own data dir).
const server = ownServerForSpec(4762, "categories");

test("staff add, rename, reorder and hide a category; a buyer sees it on /products, then not; a category with products is not deleted", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const mailbox = new Mailbox(server.url);
  const staff = await (await server.context(browser)).newPage();
  await signUpOverHttp(staff.request, mailbox, STAFF);
  const key = await turnOnTwoStep(staff.request, STAFF);
  expect(await signInWithTwoStep(staff.request, STAFF, key)).toBe(true);

  // From the products list to the categories, in the shop's order.
  await staff.goto("/admin/products");
  await staff.getByRole("link", { name: "Categories", exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Categories" })).toBeVisible();
  const rows = staff.getByRole("list").filter({ has: staff.getByRole("heading", { name: /Drinkware/ }) });
  await expect(rows.getByRole("heading", { level: 3 })).toHaveText([
    /Drinkware/,
    /Office Essentials/,
    /Other/,
    /Apparel/,
    /Bags/,
    /Hats/,
  ]);

  // A name another category has is refused, and the form keeps what was typed.
  const add = staff.getByRole("region", { name: "Add a category" });
  await add.getByLabel("Name", { exact: true }).fill("hats");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText('There is already a category called "Hats". Choose another name.')).toBeVisible();
  await expect(add.getByLabel("Name", { exact: true })).toHaveValue("hats");
  await add.getByLabel("Name", { exact: true }).fill("Desk Gifts");
  await add.getByLabel("Menus").selectOption("Header and small-screen menu");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText(/Desk Gifts is added, last in the order/)).toBeVisible();
  const desk = () => rows.getByRole("listitem").filter({ has: staff.getByRole("heading", { name: /Desk/ }) });
  await expect(desk()).toContainText("/products/desk-gifts");
  await expect(desk()).toContainText("0 published · 0 draft · 0 archived");

  // A product in it: a copy of the diary, moved to Desk Gifts and published.
  await staff.goto("/admin/products/16");
  await staff.getByRole("button", { name: "Duplicate as a new draft" }).click();
  await expect(staff.getByRole("heading", { level: 1, name: "Branded A5 Diary (copy)" })).toBeVisible();
  // The copy's own address, so the editor's save goes to the copy and not the diary.
  await expect(staff).toHaveURL(/\/admin\/products\/(?!16$)\d+$/);
  const editor = staff.getByRole("form", { name: "Edit the product" });
  await editor.getByLabel("Category").selectOption("Desk Gifts");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Saved 1 change.")).toBeVisible();
  // Publish from the version the save made (the header says which), as staff would read it.
  await expect(staff.getByText(/· version 2 ·/)).toBeVisible();
  await staff.getByRole("button", { name: "Publish" }).click();
  await expect(staff.getByText("Now published.")).toBeVisible();

  // Renamed, its address kept; moved up past Hats, with the keyboard.
  await staff.goto("/admin/categories");
  await desk().getByText("Rename or change its address").click();
  await desk().getByLabel("Name", { exact: true }).fill("Desk & Office Gifts");
  await desk().getByRole("button", { name: "Save Desk Gifts" }).click();
  await expect(desk().getByText("Saved Desk & Office Gifts.")).toBeVisible();
  await expect(desk()).toContainText("/products/desk-gifts");
  await desk().getByRole("button", { name: "Move up: Desk & Office Gifts" }).focus();
  await staff.keyboard.press("Enter");
  await expect(desk().getByText("Desk & Office Gifts is now 6 of 7.")).toBeVisible();
  await expect(rows.getByRole("heading", { level: 3 }).nth(5)).toContainText("Desk & Office Gifts");
  await expect(desk().getByRole("button", { name: "Move up: Desk & Office Gifts" })).toBeFocused();

  // A buyer, signed out, finds it among the listing's categories and on its page.
  const buyer = await (await server.context(browser)).newPage();
  const categories = buyer.getByRole("navigation", { name: "Categories", exact: true });
  // A change is what every signed-out page shows within a second (decision 066).
  await expect(async () => {
    await buyer.goto("/products");
    await expect(categories.getByRole("link", { name: "Desk & Office Gifts" })).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await expect(categories.getByRole("link")).toHaveText([
    "All",
    "Office Essentials",
    "Other",
    "Apparel",
    "Desk & Office Gifts",
    "Hats",
  ]);
  await categories.getByRole("link", { name: "Desk & Office Gifts" }).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Desk & Office Gifts" })).toBeVisible();
  await expect(buyer.getByRole("link", { name: /Branded A5 Diary \(copy\)/ }).first()).toBeVisible();

  // Deleting it while it holds a product is refused, with the reason.
  await desk().getByRole("button", { name: "Delete: Desk & Office Gifts" }).click();
  await expect(
    desk().getByText(
      "Desk & Office Gifts has 1 product (1 published): move it to another category before deleting it.",
    ),
  ).toBeVisible();

  // Hidden: the buyer no longer sees it, its page is not found, its product is still under All products.
  await desk().getByRole("button", { name: "Hide from buyers: Desk & Office Gifts" }).click();
  await expect(desk()).toContainText("Hidden from buyers");
  await expect(async () => {
    await buyer.goto("/products");
    await expect(categories.getByRole("link", { name: "Desk & Office Gifts" })).toHaveCount(0, { timeout: 500 });
  }).toPass({ timeout: 5_000 });
  await expect(buyer.getByRole("link", { name: /Branded A5 Diary \(copy\)/ }).first()).toBeVisible();
  const gone = await buyer.goto("/products/desk-gifts");
  expect(gone?.status()).toBe(404);

  // The history says who did what.
  const history = staff.getByRole("region", { name: "The categories' history" });
  await staff.reload();
  await expect(history.getByRole("row", { name: /Desk & Office Gifts: Visibility/ })).toContainText(
    "Hidden from buyers",
  );
  await expect(history.getByRole("row", { name: /Desk & Office Gifts: Name/ })).toContainText("Desk Gifts");
});
