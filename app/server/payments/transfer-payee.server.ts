/**
 * The bank details shown on the page of an order awaiting its bank transfer, and nowhere else
 * (decisions 022, 042).
 */
import { type Payee, transferAwaited } from "~/domain/orders/bank-transfer";
import type { OrderStatus, PaymentMethod } from "~/domain/fulfilment/orders";
import type { BusinessProfile } from "~/domain/people/business-profile";

/**
 * The bank details an order's page shows: only for an order placed by bank
 * transfer whose money is still awaited, and only to whoever may read that order (the caller has
 * checked). Every other page, and the root data, never carry them; the IBAN stays on the pro-forma.
 * They are the business profile's bank account.
 */
export function transferPayee(
  business: Pick<BusinessProfile, "bank">,
  order: {
    status: OrderStatus;
    paidAt: Date | null;
    payment: { method: PaymentMethod; proformaNumber: string | null };
  },
): Payee | null {
  const awaited =
    order.payment.method === "bank_transfer" && transferAwaited({ status: order.status, paid: Boolean(order.paidAt) });
  if (!awaited || !order.payment.proformaNumber) return null;
  const { accountName, sortCode, accountNumber } = business.bank;
  return { accountName, sortCode, accountNumber };
}
