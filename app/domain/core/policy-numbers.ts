/**
 * The numbers behind the business's commitments (SPEC.md §9), apart from the sentences of app/content/policy.ts so a
 * page quoting one number does not load every policy text (the JavaScript budget). Pure figures, so the
 * domain rules that apply them (quote validity, transfer due dates, claim windows) read them here.
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
