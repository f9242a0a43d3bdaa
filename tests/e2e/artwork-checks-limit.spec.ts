import { vectorLogo } from "../setup/artwork-corpus";
import { addToCart } from "./support/checkout";
import { expect, test } from "./support/fixtures";

// Decision 033: an account's 31st artwork check in an hour is refused with a message that says
// when it may upload again; the page shows it and keeps what the buyer typed.

test.describe.configure({ timeout: 180_000 });

test("the 31st upload in an hour says when the buyer can upload again, and nothing on the step is lost", async ({
  page,
  signedInBuyer: _buyer,
}) => {
  await addToCart(page, "8", { colour: "Navy", customisation: "Front embroidery", quantity: 120 });
  await page.goto("/customization?product_id=8");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  await page.getByLabel("Placement").fill("Centred on the front panel");
  const logo = Buffer.from(await vectorLogo());
  const input = page.getByLabel("Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)");
  const status = page.getByRole("status").filter({ hasText: "logo.pdf was" });

  const send = async () => {
    const answered = page.waitForResponse(
      (r) => /\/api\/drafts\/[^/]+\/artwork$/.test(r.url()) && r.request().method() === "POST",
    );
    await input.setInputFiles({ name: "logo.pdf", mimeType: "application/pdf", buffer: logo });
    return await answered;
  };
  const first = await send();
  expect(first.status()).toBe(201);
  await expect(status).toHaveText("logo.pdf was uploaded.");
  expect((await send()).status()).toBe(201);
  await expect(status).toHaveText("logo.pdf was replaced with the file you just uploaded.");
  // Checks 3 to 30 are the set-up, not the subject: sent as the page sends them, without the page.
  for (let i = 3; i <= 30; i += 1) {
    const sent = await page.request.post(first.url(), {
      data: logo,
      headers: { "X-File-Name": "logo.pdf", "Content-Type": "application/pdf" },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }

  expect((await send()).status()).toBe(429);
  await expect(page.getByRole("alert")).toHaveText(
    /^You've sent 30 files for checking in the last hour\. You can upload again at \d\d:\d\d \(in (59|60) minutes\)\.$/,
  );
  await expect(page.getByLabel("Placement")).toHaveValue("Centred on the front panel");
  const files = page.getByRole("list", { name: "Uploaded artwork" }).locator(":scope > li");
  await expect(files).toHaveCount(1);
});
