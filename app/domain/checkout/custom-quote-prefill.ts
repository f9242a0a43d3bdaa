/**
 * What "Request a custom quote" starts from: the cart's
 * lines in the product, quantity and notes fields, and the account's company. Only a starting
 * point: every field stays editable and the server checks what is sent as it checks anything typed.
 */
export type CartLineForRequest = { title: string; quantity: number; colour: string };

const PRODUCT_MAX = 200;

export function customQuotePrefill(lines: readonly CartLineForRequest[], company: string) {
  if (lines.length === 0) return { product: "", quantity: "", notes: "", company };
  const titles = [...new Set(lines.map((line) => line.title))].join(", ");
  const product = titles.length > PRODUCT_MAX ? `${titles.slice(0, PRODUCT_MAX - 1).trimEnd()}…` : titles;
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const notes = [
    "From my cart:",
    ...lines.map(
      (line) => `- ${line.quantity.toLocaleString("en-GB")} × ${line.title}${line.colour ? ` (${line.colour})` : ""}`,
    ),
  ].join("\n");
  return { product, quantity: String(quantity), notes, company };
}
