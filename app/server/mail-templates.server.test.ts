import { describe, expect, it } from "vitest";
import { SITE } from "~/content/links";
import { getEnv } from "./env.server";
import {
  inProductionMail,
  orderDeliveredMail,
  orderShippedMail,
  proofApprovedMail,
  proofReadyMail,
  staffStatusMail,
} from "./admin-mail.server";
import type { Mail } from "./mail.server";
import { branded, passwordResetMail, signInCodeMail } from "./mail-templates.server";

/** Every e-mail is one frame: the brand bar, the words, the contact footer; the text ends the same way. */
function expectFramed(mail: Mail) {
  const html = mail.html ?? "";
  expect(html.startsWith("<!doctype html>")).toBe(true);
  expect(html).toContain(`font-weight:bold">${SITE.name}</td>`);
  expect(html).toContain(`${SITE.name}, ${SITE.city} · ${getEnv().business.supportEmail}`);
  expect(html.endsWith("</body></html>")).toBe(true);
  expect(mail.text.endsWith(`\n\n${SITE.name}, ${SITE.city}\nQuestions? ${getEnv().business.supportEmail}`)).toBe(true);
}

describe("the e-mail layout", () => {
  it("frames a code e-mail and a link e-mail alike", () => {
    const code = signInCodeMail("buyer@example.com", "123456");
    expectFramed(code);
    expect(code.text).toContain("Your code: 123456");
    expect(code.html).toContain('letter-spacing:6px">123456</p>');

    const reset = passwordResetMail("buyer@example.com", { url: "https://shop.example/reset?token=a&b=1" });
    expectFramed(reset);
    expect(reset.html).toContain('<a href="https://shop.example/reset?token=a&amp;b=1"');
    expect(reset.html).toContain("Or paste this link into your browser: https://shop.example/reset?token=a&amp;b=1");
  });

  it("links staff e-mails to the order with one button and the address to paste", () => {
    const proof = proofReadyMail({
      to: "buyer@example.com",
      orderNumber: "SW-1001",
      orderUrl: "https://shop.example/orders/1",
      version: 2,
      note: "",
      product: null,
    });
    expectFramed(proof);
    expect(proof.text).toContain("Version 2 of your design proof for order SW-1001 is ready.");
    expect(proof.text).toContain("Review your proof: https://shop.example/orders/1");
    expect(
      proofReadyMail({
        to: "buyer@example.com",
        orderNumber: "SW-1001",
        orderUrl: "https://shop.example/orders/1",
        version: 1,
        note: "",
        product: "Custom Running Shorts",
      }).text,
    ).toContain("Your design proof for Custom Running Shorts (order SW-1001) is ready.");
    expect(proof.html).toContain('font-weight:bold">Review your proof</a>');
    expect(proof.meta).toEqual({ kind: "proof-ready", orderNumber: "SW-1001", version: 2 });

    const shipped = orderShippedMail({
      to: "buyer@example.com",
      orderNumber: "SW-1001",
      orderUrl: "https://shop.example/orders/1",
      carrier: "DPD",
      trackingNumber: "1Z999",
    });
    expectFramed(shipped);
    expect(shipped.text).toContain("Tracking number: 1Z999");
    expect(shipped.html).toContain('<a href="https://www.dpd.co.uk/apps/tracking/?reference=1Z999"');
    expect(shipped.html).toContain('font-weight:bold">Track your parcel</a>');
    expect(shipped.text).toContain("Your order page shows it too: https://shop.example/orders/1");
  });

  it("words each stage of an order (issue 18 item 4)", () => {
    const view = { to: "buyer@example.com", orderNumber: "SW-1001", orderUrl: "https://shop.example/orders/1" };
    const approved = proofApprovedMail({ ...view, promised: "2027-01-06" });
    expectFramed(approved);
    expect(approved.subject).toBe("Proof approved for order SW-1001");
    expect(approved.text).toContain("Promised delivery: Wed, Jan 6, 2027.");
    expect(approved.html).toContain('font-weight:bold">View your order</a>');
    expect(proofApprovedMail({ ...view, promised: null }).text).toContain(
      "Production starts when your bank transfer arrives; we'll e-mail you the promised delivery date then.",
    );

    const making = inProductionMail({ ...view, promised: "2027-01-06" });
    expectFramed(making);
    expect(making.subject).toBe("Order SW-1001 is in production");
    expect(making.text).toContain("Promised delivery: Wed, Jan 6, 2027.");
    expect(inProductionMail({ ...view, promised: null }).text).not.toContain("Promised delivery");

    const delivered = orderDeliveredMail(view);
    expectFramed(delivered);
    expect(delivered.subject).toBe("Order SW-1001 has been delivered");
    expect(delivered.text).toContain(`To report a problem, e-mail ${getEnv().business.supportEmail}`);

    const stage = { ...view, promised: null, carrier: "Acme Couriers", trackingNumber: "X1" };
    expect(staffStatusMail("in_production", stage)?.meta).toMatchObject({ kind: "order-in-production" });
    expect(staffStatusMail("shipped", stage)?.text).toContain("Use the tracking number on Acme Couriers's website");
    expect(staffStatusMail("delivered", stage)?.meta).toMatchObject({ kind: "order-delivered" });
    for (const quiet of ["quality_check", "cancelled", "refunded", "paid"] as const)
      expect(staffStatusMail(quiet, stage)).toBeNull();
  });

  it("escapes what a person typed", () => {
    const mail = branded("a@example.com", "Hi", ['<img src=x onerror="alert(1)">'], {
      link: { url: 'https://x.example/"><script>', label: "<b>Go</b>" },
    });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;b&gt;Go&lt;/b&gt;");
  });
});
