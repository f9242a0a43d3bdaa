/**
 * A person's name as the checkout keeps it: split into first and last for an address and
 * joined back for a label (R-SHIP-10). Pure: no I/O, no React.
 */

/**
 * split on the last space; everything before it is the first name.
 * 'Mary Ann Smith' → Mary Ann / Smith; 'Cher' → Cher / ''.
 * A comma names an addressee and where they sit ('Accounts Payable, Northwind Events'): the split
 * is at the first comma, so neither part is cut in two and the label reads both whole.
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const clean = full.trim().replace(/\s+/g, " ");
  const comma = clean.indexOf(",");
  if (comma !== -1) {
    const firstName = clean.slice(0, comma).trim();
    const lastName = clean.slice(comma + 1).trim();
    if (firstName !== "" && lastName !== "") return { firstName, lastName };
    return splitName(clean.replace(/,/g, " "));
  }
  const at = clean.lastIndexOf(" ");
  if (at === -1) return { firstName: clean, lastName: "" };
  return { firstName: clean.slice(0, at), lastName: clean.slice(at + 1) };
}

/** R-SHIP-10: name = first + ' ' + last (no stray space when one is missing). */
export function joinName(firstName: string, lastName: string): string {
  return [firstName.trim(), lastName.trim()].filter((part) => part !== "").join(" ");
}
