/** Copy of the recent-order notes (REQUIREMENTS.md A-3, R-TIME-05): region and product only, never a name. */

export const PURCHASE_NOTIFICATION = {
  title: "Recent order",
  describe: (region: string, product: string, daysAgo: number) =>
    `A team in ${region} ordered ${product} ${
      daysAgo <= 0 ? "today" : daysAgo === 1 ? "yesterday" : `${daysAgo} days ago`
    }.`,
} as const;
