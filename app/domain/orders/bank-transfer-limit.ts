/**
 * The largest order a buyer may place to pay by bank transfer (decision 022): an unpaid order is
 * credit the shop gives, and its proof is made before the money arrives, so the operator sets how
 * much (BUSINESS_BANK_TRANSFER_MAX_POUNDS, 0 for none). Small on purpose: the payment step's
 * option reads it in the browser.
 */
import { formatPence } from "../core/money";

/** Whether an order of `totalPence` (inc VAT) may be placed to pay by bank transfer. */
export const transferAllowed = (totalPence: number, maxPence: number): boolean => totalPence <= maxPence;

/** Shown instead of the option, and the server's refusal of a transfer over the limit. */
export function transferOverLimitMessage(maxPence: number, salesEmail: string): string {
  return maxPence > 0
    ? `Bank transfer is for orders up to ${formatPence(maxPence)} including VAT. Please pay for this one by card, or on account: apply from your account page, or write to ${salesEmail}. Your checkout is saved.`
    : `Please pay by card, or on account: apply from your account page, or write to ${salesEmail}. Your checkout is saved.`;
}
