import { describe, expect, it } from "vitest";
import { SITE } from "~/content/links";
import { TEST_SHOP as shop } from "../../../tests/setup/test-shop";
import {
  inProductionMail,
  orderDeliveredMail,
  orderShippedMail,
  proofApprovedMail,
  proofReadyMail,
  staffStatusMail,
} from "./admin-mail.server";
import type { Mail } from "./mail.server";
import { QUOTED_TEXT_MAX, quotableText } from "~/domain/core/quoted-text";
import { branded, passwordResetMail, signInCodeMail } from "./mail-templates.server";
import { transferPlacedMail, transferReminderMail } from "../payments/bank-transfer-mail.server";
import { customQuoteAcknowledgement } from "../checkout/custom-quotes.server";

/** Every e-mail is one frame: the brand bar, the words, the contact footer; the text ends the same way. */
function expectFramed(mail: Mail) {
  const html = mail.html ?? "";
  expect(html.startsWith("<!doctype html>")).toBe(true);
  expect(html).toContain(`font-weight:bold">${SITE.name}</td>`);
  expect(html).toContain(`${SITE.name}, ${SITE.city} · ${shop.business.supportEmail}`);
  expect(html.endsWith("</body></html>")).toBe(true);
  expect(mail.text.endsWith(`\n\n${SITE.name}, ${SITE.city}\nQuestions? ${shop.business.supportEmail}`)).toBe(true);
}

describe("the e-mail layout", () => {
  it("frames a code e-mail and a link e-mail alike", () => {
    const code = signInCodeMail(shop, { to: "buyer@example.com", code: "123456" });
    expectFramed(code);
    expect(code.text).toContain("Your code: 123456");
    expect(code.html).toContain('letter-spacing:6px">123456</p>');

    const reset = passwordResetMail(shop, { to: "buyer@example.com", url: "https://shop.example/reset?token=a&b=1" });
    expectFramed(reset);
    expect(reset.html).toContain('<a href="https://shop.example/reset?token=a&amp;b=1"');
    expect(reset.html).toContain("Or paste this link into your browser: https://shop.example/reset?token=a&amp;b=1");
  });

  it("links staff e-mails to the order with one button and the address to paste", () => {
    const proof = proofReadyMail({
      shop,
      to: "buyer@example.com",
      orderNumber: "SW-1001",
      orderUrl: "https://shop.example/orders/1",
      version: 2,
      note: "",
      product: null,
      productTitle: "Custom Embroidered Cap",
    });
    expect(proof.subject).toBe("Your proof for order SW-1001 is ready: Custom Embroidered Cap, version 2");
    expectFramed(proof);
    expect(proof.text).toContain("Version 2 of your design proof for order SW-1001 is ready.");
    expect(proof.text).toContain("Review your proof: https://shop.example/orders/1");
    expect(
      proofReadyMail({
        shop,
        to: "buyer@example.com",
        orderNumber: "SW-1001",
        orderUrl: "https://shop.example/orders/1",
        version: 1,
        note: "",
        product: "Custom Running Shorts",
        productTitle: "Custom Running Shorts",
      }).text,
    ).toContain("Your design proof for Custom Running Shorts (order SW-1001) is ready.");
    expect(proof.html).toContain('font-weight:bold">Review your proof</a>');
    expect(proof.meta).toEqual({ kind: "proof-ready", orderNumber: "SW-1001", version: 2 });

    const shipped = orderShippedMail({
      shop,
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

  it("words each stage of an order (decision 024)", () => {
    const view = {
      shop,
      to: "buyer@example.com",
      orderNumber: "SW-1001",
      orderUrl: "https://shop.example/orders/1",
    };
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
    expect(delivered.text).toContain(`To report a problem, e-mail ${shop.business.supportEmail}`);

    const stage = { ...view, promised: null, carrier: "Acme Couriers", trackingNumber: "X1" };
    expect(staffStatusMail("in_production", stage)?.meta).toMatchObject({ kind: "order-in-production" });
    expect(staffStatusMail("shipped", stage)?.text).toContain("Use the tracking number on Acme Couriers's website");
    expect(staffStatusMail("delivered", stage)?.meta).toMatchObject({ kind: "order-delivered" });
    for (const quiet of ["quality_check", "cancelled", "refunded", "paid"] as const)
      expect(staffStatusMail(quiet, stage)).toBeNull();
  });

  it("escapes what a person typed", () => {
    const mail = branded(shop, {
      to: "a@example.com",
      subject: "Hi",
      lines: ['<img src=x onerror="alert(1)">'],
      link: { url: 'https://x.example/"><script>', label: "<b>Go</b>" },
    });
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;b&gt;Go&lt;/b&gt;");
  });
});

// Decision 036: what a buyer typed is quoted, labelled, bounded and never a link, so a mail the shop
// sends cannot carry a stranger's words as the shop's own.
describe("a buyer's text in an e-mail", () => {
  const PHISH = "URGENT: your account is locked, pay at https://pay.evil.example/now or www.evil.example";

  it("breaks what a mail client would link, drops invisible and control characters, and keeps at most 300 characters", () => {
    expect(quotableText(PHISH)).toBe(
      "URGENT: your account is locked, pay at https[:]//pay[.]evil[.]example/now or www[.]evil[.]example",
    );
    expect(quotableText("ops@evil.example")).toBe("ops@evil[.]example");
    expect(quotableText("PO 12.5 / v2.0")).toBe("PO 12.5 / v2.0");
    // Line breaks, tabs, zero-width and right-to-left overrides become one space.
    expect(quotableText("a\r\nb\tc\u200bd\u202ee\u0000f")).toBe("a b c d e f");
    const long = quotableText("x".repeat(5000));
    expect(Array.from(long)).toHaveLength(QUOTED_TEXT_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("sets it apart under a label after the shop's words: a quote in the text, an escaped quoted block in the HTML, no link", () => {
    const mail = branded(shop, {
      to: "a@example.com",
      subject: "Fixed subject",
      lines: ["The shop's own words."],
      quotes: [
        { label: "Your notes, as you typed them:", text: `${PHISH} <a href="https://evil.example">click</a>` },
        { label: "Empty:", text: "  \n " },
      ],
    });
    expect(mail.subject).toBe("Fixed subject");
    expect(mail.text).toContain(
      "The shop's own words.\n\nYour notes, as you typed them:\n> URGENT: your account is locked, pay at https[:]//pay[.]evil[.]example/now",
    );
    expect(mail.text).not.toContain("Empty:");
    expect(mail.text).not.toMatch(/https?:\/\/[^\s]*evil/);
    expect(mail.html).toMatch(
      /<p style="[^"]*">Your notes, as you typed them:<\/p><blockquote style="[^"]*">URGENT: your account is locked, pay at https\[:\]\/\/pay\[\.\]evil/,
    );
    expect(mail.html).toContain("&lt;a href=&quot;https[:]//evil[.]example&quot;&gt;click&lt;/a&gt;");
    expect(mail.html).not.toMatch(/href="[^"]*evil/);
  });

  it("keeps the PO reference out of a transfer mail's subject and shop sentences, quoted under its label", () => {
    const view = {
      shop,
      to: "buyer@example.com",
      orderNumber: "SS-000123",
      orderUrl: "http://127.0.0.1:3999/orders/x",
      proformaNumber: "PF-2026-000001",
      totalPence: 31860,
      dueOn: "2026-12-10" as const,
      poRef: PHISH,
      partPaidPence: 0,
    };
    for (const mail of [transferPlacedMail(view), transferReminderMail(view)]) {
      expect(mail.subject).not.toMatch(/URGENT|evil/);
      expect(mail.text).toContain("PO reference, as typed at checkout:\n> URGENT: your account is locked");
      expect(mail.text.split("\n").filter((line) => line.includes("URGENT"))).toEqual([`> ${quotableText(PHISH)}`]);
      expect(mail.html).not.toMatch(/href="[^"]*evil/);
    }
  });

  it("keeps a custom quote request's product, notes and name out of the subject and the shop's sentences", () => {
    const mail = customQuoteAcknowledgement(shop, {
      to: "buyer@example.com",
      data: {
        product: "Mugs. Your invoice is overdue, pay at https://evil.example",
        quantity: 300,
        notes: PHISH,
        name: "Support team at https://evil.example",
        email: "victim@example.com",
      },
      replyBy: "2026-12-01",
    });
    expect(mail.subject).toBe("We've got your quote request");
    expect(mail.to).toBe("buyer@example.com");
    expect(mail.text).not.toContain("Support team");
    expect(mail.text).toContain("Thanks for your quote request for 300 items.");
    expect(mail.text).toContain(
      "What you asked us to quote, as you typed it:\n> Mugs. Your invoice is overdue, pay at https[:]//evil[.]example",
    );
    expect(mail.text).toContain("Your notes, as you typed them:\n> URGENT");
    expect(mail.text).not.toMatch(/https?:\/\/[^\s]*evil/);
  });
});
