/**
 * The numbers behind the business's commitments (SPEC.md §9), apart from policy.ts's sentences so a
 * page quoting one number does not load every policy text (the JavaScript budget).
 */
export const POLICY_NUMBERS = {
  quoteValidDays: 30,
  productionBusinessDays: "10–15",
  qualityDisputeDays: 14,
  defectReportDays: 30,
  transitDamageDays: 14,
  lateDeliveryDays: 5,
  lateClaimDays: 7,
  retentionYears: 7,
  minimumAge: 18,
  customQuoteWorkingDays: 2,
  /** A bank transfer is due this many calendar days after the order is placed (decision 022). */
  bankTransferDueDays: 14,
  oceanDays: 36,
  basicAirDays: 15,
  speedyAirDays: 12,
} as const;
