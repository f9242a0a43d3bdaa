import { describe, expect, it } from "vitest";
import type { OrderStatus } from "~/domain/fulfilment/orders";
import { TEST_SHOP } from "../../../tests/setup/test-shop";
import { transferPayee } from "./transfer-payee.server";

const transfer = (status: OrderStatus, paidAt: Date | null = null) => ({
  status,
  paidAt,
  payment: { method: "bank_transfer" as const, proformaNumber: "PF-2026-000001" },
});

describe("transferPayee", () => {
  it("gives the account name, sort code and account number while a transfer is awaited, never the IBAN", () => {
    const { accountName, sortCode, accountNumber } = TEST_SHOP.business.bank;
    const payee = transferPayee(TEST_SHOP.business, transfer("awaiting_transfer"));
    expect(payee).toEqual({ accountName, sortCode, accountNumber });
    // Proofing goes on while the money is awaited.
    expect(transferPayee(TEST_SHOP.business, transfer("proof_sent"))).toEqual(payee);
    expect(transferPayee(TEST_SHOP.business, transfer("proof_approved"))).toEqual(payee);
    expect(Object.keys(payee ?? {})).not.toContain("iban");
  });

  it("gives nothing once the money is in, the order has ended, or it was paid by card", () => {
    expect(transferPayee(TEST_SHOP.business, transfer("proof_sent", new Date()))).toBeNull();
    expect(transferPayee(TEST_SHOP.business, transfer("paid", new Date()))).toBeNull();
    expect(transferPayee(TEST_SHOP.business, transfer("expired"))).toBeNull();
    expect(transferPayee(TEST_SHOP.business, transfer("cancelled"))).toBeNull();
    expect(
      transferPayee(TEST_SHOP.business, {
        status: "paid",
        paidAt: new Date(),
        payment: { method: "card", proformaNumber: null },
      }),
    ).toBeNull();
  });
});
