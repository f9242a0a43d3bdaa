import { readFileSync } from "node:fs";
import sharp from "sharp";
import { signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";

// docs/decisions/066-catalogue-is-data.md: staff see the catalogue as the database holds it, find a
// product by what they remember of it, and narrow the list by category and status; then they add a
// product by copying one and editing the copy. In order: the list counts the four products first.
test.describe.configure({ mode: "serial" });

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

  // What the list shows, as a spreadsheet.
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download these as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(csv[0]).toBe(
    "\uFEFFid,url_name,supplier_reference,status,title,category,description,minimum_order,lead_time,delivery_time,tags,price_bands,colours,pictures",
  );
  expect(csv.slice(1, -1)).toHaveLength(1);
  expect(csv[1]).toMatch(/^17,custom-yoga-mat,,published,Custom Yoga Mat,/);

  // Narrowed to a status no product has: the list says so, and the search is still in its box.
  await search.getByLabel("Status").selectOption("Archived");
  await search.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No product matches. Change the search or the filters.")).toBeVisible();
  await expect(search.getByLabel("Title, URL name, supplier reference or id")).toHaveValue("yoga");

  // A product's title opens its editor, and from there its page as a buyer sees it.
  await page.goto("/admin/products?category=Apparel");
  await table.getByRole("link", { name: "Custom Running Shorts" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/15$/);
  await expect(page.getByLabel("Title")).toHaveValue("Custom Running Shorts");
  await page.getByRole("link", { name: "See it as buyers do" }).click();
  await expect(page).toHaveURL(/\/product\/custom-running-shorts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Custom Running Shorts" })).toBeVisible();
});

test("staff add a water bottle by copying the cap and editing the copy's texts, minimum and price bands, checked as they type", async ({
  page,
}) => {
  await signInAsStaff(page.request);
  await page.goto("/admin/products/8");
  await expect(page.getByRole("heading", { level: 1, name: "Custom Embroidered Cap" })).toBeVisible();
  await page.getByRole("button", { name: "Duplicate as a new draft" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Custom Embroidered Cap (copy)" })).toBeVisible();
  await expect(page.getByText(/^Draft · product \d+ · version 1/)).toBeVisible();

  const editor = page.getByRole("form", { name: "Edit the product" });
  await editor.getByLabel("Title").fill("Steel Water Bottle");
  await editor.getByLabel("URL name").fill("steel-water-bottle");
  await editor.getByLabel("Category").selectOption("Drinkware");
  // A lower minimum: band 1 must start there, and says so as soon as the minimum is left.
  await editor.getByLabel("Minimum order (units)").fill("25");
  await editor.getByLabel("Minimum order (units)").press("Tab");
  const startsAtMoq = "Band 1 starts at 50, but the minimum order is 25: start it at 25.";
  await expect(editor.getByText(startsAtMoq)).toBeVisible();
  await expect(editor.getByLabel("Band 1: From")).toHaveAttribute("aria-invalid", "true");
  await editor.getByLabel("Band 1: From").fill("25");
  await expect(editor.getByText(startsAtMoq)).toHaveCount(0);

  // A third band, dearer than the second: allowed, and warned about at once.
  await editor.getByLabel("Band 2: To").fill("999");
  await editor.getByLabel("Band 3: From").fill("1000");
  await editor.getByLabel("Band 3: Unit price in pounds").fill("4.00");
  await expect(editor.getByRole("status")).toContainText(
    "1000+ costs more per unit than 400–999 (£4.00 against £3.88).",
  );
  // A colour the cap was never made in.
  await editor.getByRole("button", { name: "Add a colour" }).click();
  await editor.getByLabel("Colour 12: name").fill("Brushed steel");
  await editor.getByLabel("Colour 12: colour").fill("#a8a9ad");
  await editor.getByRole("button", { name: "Save changes" }).click();
  await expect(editor.getByText("Saved 6 changes.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Steel Water Bottle" })).toBeVisible();

  // The history says who changed what, from what to what.
  const history = page.getByRole("region", { name: "The product's history" });
  await expect(history.getByRole("row", { name: /Price bands/ })).toContainText("50–399 £5.50; 400+ £3.88");
  await expect(history.getByRole("row", { name: /Price bands/ })).toContainText(
    "25–399 £5.50; 400–999 £3.88; 1000+ £4.00",
  );
  await expect(history.getByRole("row", { name: /Title/ })).toContainText("Olive Ops");
  await expect(history.getByRole("row", { name: /Colours/ })).toContainText("Orange #f26b12; Brushed steel #a8a9ad");
  await expect(history.getByRole("row", { name: /Created/ })).toContainText(
    "A copy of Custom Embroidered Cap (product 8)",
  );

  // A photo of the bottle, added last; the cap's first picture taken out.
  const pictures = page.getByRole("region", { name: "Pictures" });
  await expect(pictures.getByRole("listitem")).toHaveCount(3);
  const bottle = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1f2a56" } })
    .png()
    .toBuffer();
  const upload = pictures.getByRole("form", { name: "Add a picture" });
  await upload.getByLabel("Picture").setInputFiles({ name: "bottle.png", mimeType: "image/png", buffer: bottle });
  await upload.getByLabel("What it shows").fill("The steel bottle in navy, logo printed on the side");
  await upload.getByLabel("The colour it shows (optional)").selectOption("Navy");
  await upload.getByRole("button", { name: "Add the picture" }).click();
  await expect(pictures.getByRole("listitem")).toHaveCount(4);
  await expect(pictures.getByRole("listitem").last()).toContainText("The steel bottle in navy");
  await pictures.getByRole("button", { name: /^Remove picture 1:/ }).click();
  await expect(pictures.getByRole("listitem")).toHaveCount(3);
  // Moved to the front, it is the picture on the product's card.
  await pictures.getByRole("button", { name: /^Move picture 3 earlier:/ }).click();
  await expect(pictures.getByRole("listitem").nth(1)).toContainText("The steel bottle in navy");
  await pictures.getByRole("button", { name: /^Move picture 2 earlier:/ }).click();
  await expect(pictures.getByRole("listitem").first()).toContainText("The steel bottle in navy");
  await expect(history.getByRole("row", { name: /Added "The steel bottle in navy/ })).toBeVisible();

  // Still a draft: staff preview it at its new address, buyers cannot see it.
  await page.getByRole("link", { name: "Preview it" }).click();
  await expect(page).toHaveURL(/\/product\/steel-water-bottle$/);
  await expect(page.getByRole("heading", { level: 1, name: "Steel Water Bottle" })).toBeVisible();
  await expect(page.getByText("Preview: this product is a draft.")).toBeVisible();
  // The photo is the picture the page opens on, with its words.
  await expect(
    page.getByRole("img", { name: "The steel bottle in navy, logo printed on the side" }).first(),
  ).toBeVisible();
  const uploaded = page.locator('img[src^="/product-pictures/"]').first();
  const render = await page.request.get((await uploaded.getAttribute("src"))!);
  expect(render.headers()["content-type"]).toBe("image/webp");
});

test("staff import two products from a CSV: the dry run shows the bad row's reason and saves nothing until applied; the export of the result re-imports with no change", async ({
  page,
}) => {
  await signInAsStaff(page.request);
  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Import from CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import products" })).toBeVisible();
  const header =
    "id,url_name,supplier_reference,status,title,category,description,minimum_order,lead_time,delivery_time,tags,price_bands,colours,pictures";
  const csv = [
    header,
    ",imported-lanyard,LAN-20,draft,Woven Lanyard,Other,A 20 mm woven lanyard with a metal clip.,100,2 weeks,3-5 days,Low MOQ,100-499 1.20; 500+ 0.95,Navy #1f2a56; Black #111111,0",
    ",imported-badge,BDG-1,draft,Enamel Badge,Other,A soft enamel pin badge.,100,3 weeks,3-5 days,,100-499 abc,Gold #d4af37,0",
  ].join("\r\n");
  const form = page.getByRole("form", { name: "Upload a CSV" });
  await form
    .getByLabel("CSV file")
    .setInputFiles({ name: "supplier.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await form.getByRole("button", { name: "Upload and check" }).click();

  // The dry run: the bad row and its reason first; nothing saved yet.
  await expect(page.getByRole("heading", { level: 1, name: "supplier.csv" })).toBeVisible();
  await expect(page.getByText("2 rows: 1 to add, 0 to change, 0 unchanged, 1 refused.")).toBeVisible();
  const rows = page.getByRole("region", { name: "Rows" });
  await expect(rows.getByRole("row", { name: /Enamel Badge/ })).toContainText("row 3: price 'abc' is not an amount");
  await expect(rows.getByRole("row", { name: /Woven Lanyard/ })).toContainText("Adds");
  expect((await page.request.get("/admin/products/export.csv")).ok()).toBe(true);
  expect(await (await page.request.get("/admin/products/export.csv")).text()).not.toContain("imported-lanyard");

  // Applied: the good row is added, as a draft; the refused one is left out.
  await page.getByRole("button", { name: "Apply 1 row" }).click();
  await expect(page.getByText(/^Applied .*: 1 added and 0 changed\./)).toBeVisible();
  const exported = await (await page.request.get("/admin/products/export.csv")).text();
  expect(exported).toMatch(/\r\n\d+,imported-lanyard,LAN-20,draft,Woven Lanyard,Other,/);
  expect(exported).not.toContain("imported-badge");

  // The whole catalogue's export, imported again, changes nothing.
  await page.goto("/admin/products/import");
  await form.getByLabel("CSV file").setInputFiles({
    name: "export.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(exported.replace(/^\uFEFF/, "")),
  });
  await form.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByText(/rows: 0 to add, 0 to change, \d+ unchanged, 0 refused\./)).toBeVisible();
  await expect(page.getByText("Nothing to apply: every row is as the catalogue has it, or refused.")).toBeVisible();
});
