import type { Page } from "@playwright/test";
import { addToCart } from "./support/checkout";
import { newClient } from "./support/api";
import { expect, test } from "./support/fixtures";

// Decision 020: a header toggle "ex VAT / inc VAT", remembered per visitor in a cookie and
// working without JavaScript, switches every displayed price, the totals too, adding up to the same
// charge (docs/decisions/041-one-answer-per-question.md); each price says which it is.

const toggle = (page: Page) => page.getByRole("group", { name: "Prices" });
const capCard = (page: Page) => page.getByRole("article").filter({ hasText: "Custom Embroidered Cap" });

test.describe("prices ex or inc VAT", () => {
  test("the visitor switches to inc VAT: cards, the product page and its calculator follow, and it is remembered", async ({
    page,
    context,
  }) => {
    await page.goto("/products");
    await expect(toggle(page).getByRole("button", { name: "ex VAT" })).toHaveAttribute("aria-pressed", "true");
    await expect(toggle(page).getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "false");
    await expect(capCard(page)).toContainText("£3.88 - £5.50 ex VAT");

    // With JavaScript the page changes in place: no reload, same address.
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    await toggle(page).getByRole("button", { name: "inc VAT" }).click();
    // A unit price inc VAT is exact (docs/decisions/041-one-answer-per-question.md).
    await expect(capCard(page)).toContainText("£4.656 - £6.60 inc VAT");
    await expect(toggle(page).getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/products");

    // Remembered in a cookie that holds only the choice, for a year, readable by the page.
    const cookie = (await context.cookies()).find((c) => c.name === "prices");
    expect(cookie).toMatchObject({ value: "inc", path: "/", sameSite: "Lax", httpOnly: false });
    const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
    expect(Math.abs((cookie?.expires ?? 0) - yearFromNow)).toBeLessThan(3600);

    // The product page and its calculator: £5.50 ex is £6.60 inc; 50 caps £275.00 ex are £330.00 inc.
    await page.goto("/product/8");
    await expect(page.getByTestId("unit-price")).toHaveText("£6.60");
    await expect(page.getByTestId("line-total")).toHaveText("£330.00");
    await expect(page.getByTestId("line-total").locator("..")).toHaveText("£330.00 inc VAT");
    const table = page.getByRole("table", { name: /Price per unit by quantity/ });
    await expect(table.locator("caption")).toHaveText("Price per unit by quantity inc VAT");
    await expect(table.getByRole("row")).toHaveText(["QuantityUnit price", "50–399£6.60", "400+£4.656"]);
    const quantity = page.getByLabel(/^Quantity/);
    await quantity.fill("399");
    await quantity.blur();
    // 399 caps £2,633.40 inc VAT; 400 caps £1,862.40 inc VAT.
    await expect(page.getByTestId("line-total")).toHaveText("£2,633.40");
    await expect(page.getByRole("button", { name: "Add 1 more and pay £771.00 less inc VAT" })).toBeVisible();
  });

  test("in the cart the lines and the totals follow the toggle, and the total is the same either way", async ({
    page,
    signedInBuyer: _buyer,
  }) => {
    test.slow(); // sign-up, the product page, the cart three times over
    await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
    await page.goto("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line.getByTestId("unit-price")).toHaveText("£5.50");
    await expect(line).toContainText("£660.00 ex VAT");
    // 120 × £5.50 = £660.00, −£66.00 first order, £18.00 shipping: £612.00 ex VAT, £122.40 VAT, £734.40.
    const totalsExVat = async () => {
      await expect(page.getByTestId("summary-goods")).toHaveText("£660.00");
      await expect(page.getByTestId("summary-total-ex").locator("..")).toHaveText("£612.00 ex VAT");
      await expect(page.getByTestId("summary-vat")).toHaveText("£122.40");
      await expect(page.getByTestId("summary-total").locator("..")).toHaveText("£734.40 inc VAT");
    };
    await totalsExVat();

    await toggle(page).getByRole("button", { name: "inc VAT" }).click();
    await expect(line.getByTestId("unit-price")).toHaveText("£6.60");
    await expect(line.getByTestId("line-total").locator("..")).toHaveText("£792.00 inc VAT");
    // Inc VAT every total follows: £792.00 − £79.20 + £21.60 = £734.40, the same charge.
    await expect(page.getByTestId("summary-goods").locator("..")).toHaveText("£792.00 inc VAT");
    await expect(page.getByTestId("summary-discount")).toHaveText("−£79.20");
    await expect(page.getByTestId("summary-shipping").locator("..")).toHaveText("£21.60 inc VAT");
    await expect(page.getByTestId("summary-total").locator("..")).toHaveText("£734.40 inc VAT");
    await expect(page.getByTestId("summary-vat")).toHaveText("£122.40");
    await page.reload();
    await expect(line.getByTestId("unit-price")).toHaveText("£6.60");
    await expect(toggle(page).getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");

    await toggle(page).getByRole("button", { name: "ex VAT" }).click();
    await expect(line.getByTestId("unit-price")).toHaveText("£5.50");
    await totalsExVat();
  });

  test("a page is never replayed to a visitor who reads prices the other way", async ({ playwright, baseURL }) => {
    // Signed out, so the server's page cache answers; each visitor asks for the same page in turn.
    const unitPrice = async (cookie?: string) => {
      const visitor = await playwright.request.newContext({ baseURL });
      const html = await (await visitor.get("/product/17", { headers: cookie ? { Cookie: cookie } : {} })).text();
      await visitor.dispose();
      return /data-testid="unit-price">([^<]+)</.exec(html)?.[1];
    };
    for (let round = 0; round < 2; round++) {
      expect(await unitPrice()).toBe("£5.50");
      expect(await unitPrice("prices=inc")).toBe("£6.60");
      expect(await unitPrice("prices=ex")).toBe("£5.50");
      expect(await unitPrice("promo_closed=1; prices=inc")).toBe("£6.60");
    }
  });

  test("/prices takes only ex or inc, and returns only to a page of this shop", async ({ request }) => {
    const refused = await request.post("/prices", { form: { mode: "both", returnTo: "/cart" }, maxRedirects: 0 });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("Choose how prices show: ex VAT or inc VAT.");
    expect(refused.headers()["set-cookie"]).toBeUndefined();

    for (const returnTo of ["https://evil.example/", "//evil.example/", "/\\evil.example", "/\t/evil.example", ""]) {
      const answer = await request.post("/prices", { form: { mode: "inc", returnTo }, maxRedirects: 0 });
      expect(answer.status(), JSON.stringify(returnTo)).toBe(302);
      expect(answer.headers().location).toBe("/");
    }
    const back = await request.post("/prices", {
      form: { mode: "inc", returnTo: "/products?search=cap" },
      maxRedirects: 0,
    });
    expect(back.headers().location).toBe("/products?search=cap");
    expect(back.headers()["set-cookie"]).toContain("prices=inc; Path=/; Max-Age=31536000; SameSite=Lax");
    expect(back.headers()["cache-control"]).toContain("no-store");

    const crossSite = await request.post("/prices", {
      form: { mode: "inc", returnTo: "/" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(crossSite.status()).toBe(403);
  });

  test("/prices takes 60 switches a minute from one address, and 4 kB at most", async ({ playwright, baseURL }) => {
    const visitor = await newClient(playwright, baseURL!);
    for (let i = 0; i < 60; i += 1) {
      const answer = await visitor.post("/prices", {
        form: { mode: i % 2 ? "ex" : "inc", returnTo: "/" },
        maxRedirects: 0,
      });
      expect(answer.status(), `switch ${i + 1}`).toBe(302);
    }
    const limited = await visitor.post("/prices", { form: { mode: "inc", returnTo: "/" }, maxRedirects: 0 });
    expect(limited.status()).toBe(429);
    expect(await limited.text()).toContain("Prices were switched too often: wait a minute and try again.");
    expect(limited.headers()["set-cookie"]).toBeUndefined();
    await visitor.dispose();

    const other = await newClient(playwright, baseURL!);
    const tooBig = await other.post("/prices", { form: { mode: "inc", returnTo: `/${"x".repeat(5000)}` } });
    expect(tooBig.status()).toBe(413);
    expect(await tooBig.text()).toContain("The request is larger than this address accepts (4 kB).");
    await other.dispose();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the toggle is a form: the page comes back with prices inc VAT", async ({ page }) => {
    await page.goto("/product/8?from=toggle");
    await expect(page.getByTestId("unit-price")).toHaveText("£5.50");
    await toggle(page).getByRole("button", { name: "inc VAT" }).click();
    await expect(page).toHaveURL(/\/product\/8\?from=toggle$/);
    await expect(page.getByTestId("unit-price")).toHaveText("£6.60");
    await expect(toggle(page).getByRole("button", { name: "inc VAT" })).toHaveAttribute("aria-pressed", "true");
    await toggle(page).getByRole("button", { name: "ex VAT" }).click();
    await expect(page.getByTestId("unit-price")).toHaveText("£5.50");
  });
});
