/**
 * The product editor's colours: a name and a colour per row, in the order the swatches show them,
 * a row's problems below it, and a spare row to add one. The rows are the editor's state; the check
 * is the editor's (readProductEdit). A row left without a name is not a colour.
 */
import { colourField, PRODUCT_LIMITS } from "~/domain/catalogue/product-edit";
import { buttonClass } from "../ui/button";

export type ColourRow = { key: number; name: string; hex: string };

export function ColourRows(props: {
  rows: readonly ColourRow[];
  onChange: (update: (rows: ColourRow[]) => ColourRow[]) => void;
  errorOf: (name: string) => string | undefined;
  /** A key for a new row. */
  onAdd: () => number;
}) {
  const { rows, errorOf } = props;
  const tableError = errorOf("colours");
  const setRow = (key: number, change: Partial<ColourRow>) =>
    props.onChange((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <fieldset>
      <legend className="text-xl font-bold">Colours</legend>
      <p className="mt-1 text-sm text-muted">
        The colours buyers choose from, in this order. A picture of a colour you take out no longer names it.
      </p>
      <ul className="mt-3 max-w-xl space-y-2">
        {rows.map((row, index) => {
          const n = index + 1;
          const nameError = errorOf(colourField(index, "name"));
          const hexError = errorOf(colourField(index, "hex"));
          const errorId = `colour-${index}-error`;
          return (
            <li key={row.key}>
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  name={colourField(index, "hex")}
                  value={row.hex}
                  aria-label={`Colour ${n}: colour`}
                  aria-invalid={hexError ? true : undefined}
                  aria-describedby={hexError ? errorId : undefined}
                  onChange={(event) => setRow(row.key, { hex: event.target.value })}
                  className="h-10 w-12 shrink-0 rounded-lg border border-slate-300 bg-white p-1"
                />
                <input
                  name={colourField(index, "name")}
                  value={row.name}
                  maxLength={PRODUCT_LIMITS.colourName}
                  aria-label={`Colour ${n}: name`}
                  aria-invalid={nameError ? true : undefined}
                  aria-describedby={nameError ? errorId : undefined}
                  onChange={(event) => setRow(row.key, { name: event.target.value })}
                  className={`min-w-0 flex-1 rounded-lg border px-3 py-2 text-sm ${nameError ? "border-red-600" : "border-slate-300"}`}
                />
                <button
                  type="button"
                  onClick={() => props.onChange((current) => current.filter((r) => r.key !== row.key))}
                  className="rounded-md px-2 py-1.5 text-sm text-brand hover:bg-brand-soft"
                  aria-label={`Remove colour ${n}`}
                >
                  Remove
                </button>
              </div>
              {nameError || hexError ? (
                <p id={errorId} className="mt-1 text-xs text-red-700">
                  {[nameError, hexError].filter(Boolean).join(" ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      {tableError ? <p className="mt-2 text-sm text-red-700">{tableError}</p> : null}
      <button
        type="button"
        disabled={rows.length >= PRODUCT_LIMITS.colours}
        onClick={() => {
          const key = props.onAdd();
          props.onChange((current) => [...current, { key, name: "", hex: "#000000" }]);
        }}
        className={buttonClass("secondary", "mt-3 px-3 py-1.5 text-sm")}
      >
        Add a colour
      </button>
    </fieldset>
  );
}
