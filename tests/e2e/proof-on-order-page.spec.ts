import type { Page } from "@playwright/test";
import { deflateSync } from "node:zlib";
import { signInAsStaff } from "./support/api";
import { expect, test } from "./support/fixtures";
import { placeCapOrder, sendProof } from "./support/orders";
import { expectAccessible } from "./support/axe";

// The proof is seen before it is approved (decision 038): the buyer's order page shows the proof
// itself with what it must match (quantity, colour, placement, the studio's note) above "Approve
// version 1", and a colleague's share link shows the same facts.

const NOTE = "Logo centred on the front panel, 60 mm wide.";
const PROOF_IMAGE = "Proof version 1 of Custom Embroidered Cap";

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real, decodable PNG of one colour: the proof picture the studio sends. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** True once the <img> has really decoded a picture (not only shown its alt text). */
const decoded = (page: Page, name: string) =>
  page.getByRole("img", { name }).evaluate((img) => (img as HTMLImageElement).naturalWidth > 0);

test("the buyer sees the proof, its note and the order's facts above Approve; a shared link shows the same", async ({
  page,
  browser,
  signedInBuyer: buyer,
}) => {
  test.slow();
  const { orderId } = await placeCapOrder(page.request, { email: buyer.email, marker: "Proof inline" });
  const png = solidPng(640, 480, [0x1f, 0x2a, 0x56]);
  const staff = await browser.newContext();
  await signInAsStaff(staff.request);
  await sendProof(staff.request, orderId, { note: NOTE, png });
  await staff.close();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/orders/${orderId}`);
    const proof = page.getByTestId("proof-view");
    await expect(proof.getByRole("img", { name: PROOF_IMAGE })).toBeVisible();
    await expect.poll(() => decoded(page, PROOF_IMAGE)).toBe(true);
    await expect(proof.getByTestId("proof-note")).toHaveText(NOTE);
    await expect(proof).toContainText("Quantity100");
    await expect(proof).toContainText("ColourNavy");
    await expect(proof).toContainText("BrandingEmbroidery");
    await expect(proof).toContainText("Placement");
    // Seen first: the picture sits above the answer, on the page and not beside it off-screen.
    const picture = await proof.getByRole("img", { name: PROOF_IMAGE }).boundingBox();
    const approve = await page.getByRole("button", { name: "Approve version 1" }).boundingBox();
    expect(picture && approve && picture.y + picture.height <= approve.y).toBe(true);
    expect(picture && picture.x >= 0 && picture.x + picture.width <= width).toBe(true);
    await page.screenshot({ path: `/tmp/proof-on-order-${width}.png`, fullPage: true });
    await expectAccessible(page, `the order page at ${width} px`);
  }

  // A colleague's share link carries the same order facts and note.
  const share = page.getByTestId("proof-share");
  await share.getByRole("button", { name: "Share for approval" }).click();
  const url = await share.getByLabel(/^Share link/).inputValue();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(new URL(url).pathname);
  const shared = guest.getByTestId("proof-view");
  await expect(shared.getByRole("img", { name: PROOF_IMAGE })).toBeVisible();
  await expect.poll(() => decoded(guest, PROOF_IMAGE)).toBe(true);
  await expect(shared.getByTestId("proof-note")).toHaveText(NOTE);
  await expect(shared).toContainText("Quantity100");
  await expect(shared).toContainText("ColourNavy");
  await guestContext.close();

  await page.getByRole("button", { name: "Approve version 1" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Proof approved");
  await expect(page.getByTestId("proof-view").getByRole("img", { name: PROOF_IMAGE })).toBeVisible();
});
