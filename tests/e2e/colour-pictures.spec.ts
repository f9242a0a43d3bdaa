import { expect, test } from "./support/fixtures";
import { addToCart } from "./support/checkout";

// A product's picture follows its colour (imageForColour): orange shorts are pictured orange in the
// cart, on step 2 and in the order summary of the later steps, never as the black pair.

const ORANGE = /^Orange running shorts/;

test("orange shorts are pictured orange in the cart, on step 2 and in the order summary", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "15", { colour: "Orange" });
  await page.goto("/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: "Running Shorts" });
  await expect(line.getByRole("img", { name: ORANGE })).toBeVisible();

  await page.getByRole("link", { name: "Next: Customise your product" }).click();
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await expect(page.getByTestId("summary-line").getByRole("img", { name: ORANGE })).toBeVisible();

  // The later steps' summary is built on the server from the saved draft.
  const draftId = new URL(page.url()).searchParams.get("draft_id");
  await page.goto(`/details?product_id=15${draftId ? `&draft_id=${draftId}` : ""}`);
  await expect(page.getByTestId("summary-line").getByRole("img", { name: ORANGE })).toBeVisible();
  await expect(page.getByTestId("summary-line").getByRole("img", { name: /^Black/ })).toHaveCount(0);
});
