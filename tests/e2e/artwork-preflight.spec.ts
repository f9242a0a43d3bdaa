import type { Page } from "@playwright/test";
import { embeddedFontLogo, lowResImage, userPasswordPdf, vectorEps } from "../setup/artwork-corpus";
import { newClient, signInAsStaff } from "./support/api";
import { addToCart, fillDetails, payAndViewOrder } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Decision 027's journey: a buyer uploads a 72 ppi screenshot-in-a-PDF for the cap's front embroidery
// and sees page one and the warning; the warning follows the method; "Use it anyway" is recorded
// and shown on the order and to staff with the full report; an encrypted PDF is refused with its
// reason; a vector file with an embedded font passes.

test.describe.configure({ timeout: 120_000 });

async function upload(page: Page, name: string, bytes: Uint8Array) {
  await page
    .getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)")
    .setInputFiles({ name, mimeType: "application/pdf", buffer: Buffer.from(bytes) });
}

test("a 72 ppi logo warns for embroidery and for DTF, is used anyway and recorded; an encrypted PDF is refused; vector art passes", async ({
  page,
  playwright,
  baseURL,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await page.goto("/customization?product_id=8");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  // Each file is an item of the list; its findings are a list of their own.
  const files = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");

  // A password-protected PDF is refused with its reason, and nothing else on the step changes.
  await page.getByLabel("Placement").fill("Centred on the front panel");
  await upload(page, "locked.pdf", await userPasswordPdf());
  await expect(page.getByRole("alert")).toHaveText(
    "This PDF is password-protected or encrypted. Save a copy without security and upload that.",
  );
  await expect(files).toHaveCount(0);
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel");

  // The 72 ppi logo: page one, and embroidery's warning.
  await upload(page, "screenshot-logo.pdf", await lowResImage());
  const check = files.filter({ hasText: "screenshot-logo.pdf" }).getByTestId("artwork-check");
  const preview = check.getByRole("img", { name: "Page one of screenshot-logo.pdf" });
  await expect(preview).toBeVisible();
  // Visible is not loaded: the picture's width is read once the browser has decoded it.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBe(800);
  await expect(check).toContainText(
    "Contains a raster image: embroidery needs vector art (paths), so we'd redraw it from pixels.",
  );
  for (const label of [
    "I confirm I have the rights to use the supplied artwork.",
    "I understand lead time starts after payment and proof approval.",
  ]) {
    await page.getByRole("checkbox", { name: label }).check();
  }
  const next = page.getByRole("button", { name: "Next: Your details" });
  await expect(next).toBeDisabled();
  await expect(page.getByText(/your answer to the artwork check/)).toBeVisible();

  // DTF judges the resolution at the placement's size instead.
  await page.getByRole("group", { name: "Branding method" }).getByRole("radio", { name: "DTF transfer" }).check();
  await expect(check).toContainText("Image at 72 ppi: may print blurry at 10 × 5.5 cm.");
  await expect(check).not.toContainText("embroidery needs vector art");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await files.first().screenshot({ path: `/tmp/artwork-check-${width}.png` });
  }

  // Vector art with an embedded font passes without a question.
  await upload(page, "vector-logo.pdf", await embeddedFontLogo());
  const vector = files.filter({ hasText: "vector-logo.pdf" }).getByTestId("artwork-check");
  await expect(vector).toContainText("Vector artwork: sharp at any size.");
  await expect(vector).toContainText("Fonts embedded.");
  await expect(vector.getByRole("button", { name: "Use it anyway" })).toHaveCount(0);
  // An EPS too: its page one is drawn by Ghostscript inside bubblewrap (.ci/run installs both).
  await page
    .getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)")
    .setInputFiles({ name: "mark.eps", mimeType: "application/postscript", buffer: Buffer.from(vectorEps()) });
  const eps = files.filter({ hasText: "mark.eps" }).getByTestId("artwork-check");
  await expect(eps).toContainText("Vector artwork: sharp at any size.");
  await expect(eps.getByRole("img", { name: "Page one of mark.eps" })).toBeVisible();

  await check.getByRole("button", { name: "Use it anyway" }).click();
  await expect(check).toContainText("You chose to use it anyway.");
  await expect(next).toBeEnabled();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.reload();
  await expect(check).toContainText("You chose to use it anyway.");

  // To payment; the order shows the check and the answer.
  await next.click();
  await fillDetails(page);
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByRole("button", { name: "Next: Add shipping details" }).click();
  await page.getByRole("radio", { name: "Express Air Freight" }).check();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await payAndViewOrder(page);
  const ordered = page.getByTestId("order-line");
  await expect(ordered).toContainText("Image at 72 ppi: may print blurry at 10 × 5.5 cm.");
  await expect(ordered).toContainText("You chose to use it anyway.");
  await expect(ordered.getByRole("img", { name: "Page one of screenshot-logo.pdf" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await ordered.screenshot({ path: `/tmp/order-artwork-${width}.png` });
  }
  const orderId = new URL(page.url()).pathname.split("/")[2]!;

  // Staff see page one, the findings, the buyer's answer and the full report.
  const staff = await newClient(playwright, baseURL!);
  await signInAsStaff(staff);
  const staffPage = await (await page.context().browser()!.newContext({ baseURL })).newPage();
  await staffPage.context().addCookies(await staff.storageState().then((state) => state.cookies));
  await staffPage.goto(`/admin/orders/${orderId}`);
  const staffCheck = staffPage.getByTestId("staff-artwork-check").first();
  await expect(staffCheck).toContainText("The buyer chose to use it anyway (resolution).");
  await expect(staffCheck.getByRole("img", { name: "Page one of screenshot-logo.pdf" })).toBeVisible();
  await staffCheck.getByText("Full report").click();
  await expect(staffCheck).toContainText("PDF, 1 page, page 1 100 × 55 mm");
  await expect(staffCheck).toContainText("1 image, the lowest at 72 ppi on the page");
  const previewAnswer = await staff.get(`/admin/orders/${orderId}/artwork/${await fileIdOf(staffPage)}/preview`);
  expect(previewAnswer.headers()["content-type"]).toBe("image/png");
  expect(previewAnswer.headers()["x-content-type-options"]).toBe("nosniff");
  await staff.dispose();
});

test("/env says EPS previews are on and sandboxed where bubblewrap and Ghostscript are installed", async ({ page }) => {
  await page.goto("/env");
  const row = page.locator("div").filter({ has: page.locator("dt", { hasText: "EPS previews" }) });
  await expect(row.locator("dd")).toHaveText("on (sandboxed)");
});

/** The first artwork file's id, from the staff page's download link. */
async function fileIdOf(page: Page): Promise<string> {
  const href = await page.getByRole("link", { name: "Download screenshot-logo.pdf" }).getAttribute("href");
  return href!.split("/").at(-1)!;
}
