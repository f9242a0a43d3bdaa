import { pngBytes } from "../setup/artwork-corpus";
import { addToCart } from "./support/checkout";
import { expectAccessible } from "./support/axe";
import { expect, test } from "./support/fixtures";

// docs/decisions/044-raster-and-svg-artwork.md: a PNG logo uploaded once, on the cap's line, is checked there and used on the
// cart's second line from "Logos on your other lines", checked again for that product, without
// uploading it again; the copy stays after a reload.

test.describe.configure({ timeout: 120_000 });

const UPLOAD = "Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)";

test("a PNG logo uploaded on one line is used on the second line without uploading it again", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await addToCart(page, "16", { colour: "Red" });

  await page.goto("/customization?product_id=8");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page
    .getByLabel(UPLOAD)
    .setInputFiles({ name: "team-logo.png", mimeType: "image/png", buffer: pngBytes(1200, 660) });
  const files = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");
  await expect(files.filter({ hasText: "team-logo.png" }).getByTestId("artwork-check")).toBeVisible();
  // Nothing to offer from other lines yet: the second line has no file.
  await expect(page.getByRole("heading", { name: "Logos on your other lines" })).toHaveCount(0);

  await page.goto("/customization?product_id=16");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  const others = page.getByRole("list", { name: "Logos on your other lines" });
  await expect(others).toContainText("team-logo.png");
  await expect(others).toContainText("on your Custom Embroidered Cap");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `step 2 offering the other line's logo at ${width}px`);
  }
  await others.getByRole("button", { name: "Use team-logo.png from your Custom Embroidered Cap" }).click();
  await expect(page.getByText("team-logo.png from your Custom Embroidered Cap was added.")).toBeVisible();
  const here = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");
  await expect(here.filter({ hasText: "team-logo.png" }).getByTestId("artwork-check")).toBeVisible();
  await expect(others.getByRole("button", { name: "Use team-logo.png from your Custom Embroidered Cap" })).toHaveText(
    "Added",
  );
  await expect(
    others.getByRole("button", { name: "Use team-logo.png from your Custom Embroidered Cap" }),
  ).toBeDisabled();
  await page.screenshot({ path: test.info().outputPath("other-lines-logo.png"), fullPage: true });

  await page.reload();
  await expect(page.getByRole("list", { name: "Uploaded artwork" })).toContainText("team-logo.png");
});
