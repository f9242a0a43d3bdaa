/**
 * The product editor's price bands: one row per band (from, to or open, unit price in pounds), a
 * row's problems on the row below it, a spare row, and the table's warnings as they change. The
 * rows are the editor's state; the check is the editor's (readProductEdit).
 */
import { tierField } from "~/domain/catalogue/product-edit";
import { MAX_TIER_ROWS } from "~/domain/pricing/tier-table";
import { buttonClass } from "../ui/button";

export type Band = { key: number; from: string; to: string; price: string };

/** What a failed save focuses when the table as a whole is at fault. */
export const TIERS_TABLE_ID = "price-bands";

const FIELDS = [
  ["from", "From"],
  ["to", "To"],
  ["price", "Unit price in pounds"],
] as const;

export function PriceBands(props: {
  bands: readonly Band[];
  onChange: (update: (bands: Band[]) => Band[]) => void;
  errorOf: (name: string) => string | undefined;
  warnings: readonly string[];
  /** A key for a new row. */
  onAdd: () => number;
}) {
  const { bands, errorOf } = props;
  const tiersError = errorOf("tiers");
  const setBand = (key: number, change: Partial<Band>) =>
    props.onChange((current) => current.map((band) => (band.key === key ? { ...band, ...change } : band)));
  return (
    <fieldset>
      <legend className="text-xl font-bold">Price bands</legend>
      <p id={`${TIERS_TABLE_ID}-hint`} className="mt-1 text-sm text-muted">
        From the minimum order up, each band's price per unit, ex VAT. Leave "to" empty on the last band for "and more";
        leave a row empty to leave it out.
      </p>
      <table
        id={TIERS_TABLE_ID}
        tabIndex={-1}
        aria-describedby={`${TIERS_TABLE_ID}-hint${tiersError ? ` ${TIERS_TABLE_ID}-error` : ""}`}
        className="mt-3 w-full max-w-xl table-fixed text-left text-sm"
      >
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="w-12 pb-1 pr-2">
              Band
            </th>
            <th scope="col" className="pb-1 pr-2">
              From
            </th>
            <th scope="col" className="pb-1 pr-2">
              To
            </th>
            <th scope="col" className="pb-1 pr-2">
              Price (£)
            </th>
            <th scope="col" className="w-20 pb-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        {bands.map((band, index) => {
          const n = index + 1;
          const errors = FIELDS.flatMap(([field]) => {
            const message = errorOf(tierField(index, field));
            return message ? [{ field, message, id: `${TIERS_TABLE_ID}-${index}-${field}-error` }] : [];
          });
          return (
            <tbody key={band.key}>
              <tr>
                <th scope="row" className="py-1 pr-2 align-middle font-medium">
                  {n}
                </th>
                {FIELDS.map(([field, label]) => {
                  const error = errors.find((e) => e.field === field);
                  return (
                    <td key={field} className="py-1 pr-2">
                      <input
                        name={tierField(index, field)}
                        value={band[field]}
                        inputMode={field === "price" ? "decimal" : "numeric"}
                        maxLength={field === "price" ? 9 : 7}
                        aria-label={`Band ${n}: ${label}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error?.id}
                        onChange={(event) => setBand(band.key, { [field]: event.target.value })}
                        className={`w-full rounded-lg border px-2 py-1.5 ${error ? "border-red-600" : "border-slate-300"}`}
                      />
                    </td>
                  );
                })}
                <td className="py-1">
                  <button
                    type="button"
                    onClick={() => props.onChange((current) => current.filter((b) => b.key !== band.key))}
                    className="rounded-md px-2 py-1.5 text-sm text-brand hover:bg-brand-soft"
                    aria-label={`Remove band ${n}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
              {errors.length > 0 ? (
                <tr>
                  <td />
                  <td colSpan={4} className="pb-2 text-xs text-red-700">
                    {errors.map((error) => (
                      <p key={error.field} id={error.id}>
                        {error.message}
                      </p>
                    ))}
                  </td>
                </tr>
              ) : null}
            </tbody>
          );
        })}
      </table>
      {tiersError ? (
        <p id={`${TIERS_TABLE_ID}-error`} className="mt-2 text-sm text-red-700">
          {tiersError}
        </p>
      ) : null}
      <button
        type="button"
        disabled={bands.length >= MAX_TIER_ROWS}
        onClick={() => {
          const key = props.onAdd();
          props.onChange((current) => [...current, { key, from: "", to: "", price: "" }]);
        }}
        className={buttonClass("secondary", "mt-3 px-3 py-1.5 text-sm")}
      >
        Add a band
      </button>
      <div role="status" className="mt-3">
        {props.warnings.length > 0 ? (
          <ul className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {props.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </fieldset>
  );
}
