import type { Page } from "@playwright/test";
import { expect, newBuyer, signUpOverHttp, test } from "./support/fixtures";
import { chooseOnProductPage } from "./support/checkout";

// A buyer's first minutes (docs/decisions/037-choices-through-sign-in.md): choices made before signing in or up come back, and
// a pressed Add to Cart is in the cart once they are signed in. Sign-up waits for an e-mail.
test.describe.configure({ timeout: 60_000 });

const WIDTHS = [
  { name: "1280 px", width: 1280, height: 900 },
  { name: "375 px", width: 375, height: 812 },
] as const;

/** Orange running shorts, 60 of them with the leg logo, split M 40 and L 20. */
async function chooseOrangeShorts(page: Page) {
  await chooseOnProductPage(page, "15", { quantity: 60, customisation: "Leg logo print", colour: "Orange" });
  const grid = page.getByRole("group", { name: "Sizes" });
  await grid.getByLabel("M", { exact: true }).fill("40");
  await grid.getByLabel("L", { exact: true }).fill("20");
}

/** The product page shows the choices made before signing in. */
async function expectChoicesBack(page: Page) {
  await expect(page.getByLabel(/^Quantity/)).toHaveValue("60");
  await expect(
    page.getByRole("radiogroup", { name: /^Colour for / }).getByRole("radio", { name: "Orange" }),
  ).toBeChecked();
  await expect(
    page.getByRole("group", { name: "Customise it" }).getByRole("checkbox", { name: /Leg logo print/ }),
  ).toBeChecked();
  const grid = page.getByRole("group", { name: "Sizes" });
  await expect(grid.getByLabel("M", { exact: true })).toHaveValue("40");
  await expect(grid.getByLabel("L", { exact: true })).toHaveValue("20");
}

/** Exactly one line in the cart: orange shorts, 60, M 40 and L 20. */
async function expectOneOrangeLine(page: Page) {
  await page.goto("/cart");
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByRole("heading", { name: "Custom Running Shorts" })).toBeVisible();
  await expect(line.locator("dt:text-is('Colour') + dd")).toHaveText("Orange");
  await expect(line.locator("dt:text-is('Quantity') + dd")).toHaveText("60");
  await expect(line.getByTestId("cart-line-sizes")).toHaveText("M 40, L 20");
}

for (const width of WIDTHS) {
  test.describe(`at ${width.name}`, () => {
    test.use({ viewport: { width: width.width, height: width.height } });

    test("the sign-in dialog closes when 'Create an account' is followed, every time", async ({ page }) => {
      await page.goto("/product/15");
      for (let time = 0; time < 2; time++) {
        await page.getByRole("button", { name: "Sign in to add to cart" }).click();
        const dialog = page.getByRole("dialog", { name: "Sign in" });
        await dialog.getByRole("link", { name: "Create an account" }).click();
        await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
        await expect(dialog).toBeHidden();
        await page.goBack();
        await expect(page.getByRole("heading", { name: "Custom Running Shorts" })).toBeVisible();
      }
    });

    test("a visitor picks orange, 60 and sizes, signs up from the dialog, and lands with that line in the cart", async ({
      page,
      mailbox,
    }) => {
      const buyer = newBuyer("first-week");
      await chooseOrangeShorts(page);
      await page.getByRole("button", { name: "Sign in to add to cart" }).click();
      const dialog = page.getByRole("dialog", { name: "Sign in" });
      await dialog.getByRole("link", { name: "Create an account" }).click();
      await expect(dialog).toBeHidden();

      await page.getByLabel("First name").fill(buyer.firstName);
      await page.getByLabel("Last name").fill(buyer.lastName);
      await page.getByLabel(/^Work e-mail/).fill(buyer.email);
      await page.getByLabel("Password").fill(buyer.password);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { name: "Confirm your e-mail" })).toBeVisible();
      await page.getByLabel("Code").fill(await mailbox.code(buyer.email, /verification code/));
      await page.getByRole("button", { name: "Confirm" }).click();

      await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/product\/15\?/);
      await expect(page).not.toHaveURL(/added=|add=/);
      await expectChoicesBack(page);
      await expectOneOrangeLine(page);

      // Back to the product page and a reload add nothing more.
      await page.goBack();
      await expectChoicesBack(page);
      await page.reload();
      await expectChoicesBack(page);
      await expect(page.getByText("Added to cart", { exact: true })).toHaveCount(0);
      await expectOneOrangeLine(page);
    });

    test("an existing buyer signs in from the dialog and finds the line in the cart", async ({
      page,
      mailbox,
      browser,
    }) => {
      const buyer = newBuyer("returning");
      const other = await browser.newContext();
      await signUpOverHttp(other.request, mailbox, buyer);
      await other.close();

      await chooseOrangeShorts(page);
      await page.getByRole("button", { name: "Sign in to add to cart" }).click();
      const dialog = page.getByRole("dialog", { name: "Sign in" });
      await dialog.getByLabel("E-mail or phone").fill(buyer.email);
      await dialog.getByLabel("Password", { exact: true }).fill(buyer.password);
      await dialog.getByRole("button", { name: "Sign in", exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText("Added to cart", { exact: true })).toBeVisible();
      await expectChoicesBack(page);
      await expectOneOrangeLine(page);
    });
  });
}
