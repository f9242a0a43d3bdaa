/** A product's recorded changes, newest first: who changed which field, when, from what to what. */
import { formatLondonDateTime } from "~/domain/core/dates";
import { HeaderRow, TableFrame } from "./table-parts";

type Entry = { at: string; by: string; field: string; oldValue: string | null; newValue: string | null };

/** The status moves are recorded by their column's name; the editor's fields by their label. */
const fieldLabel = (field: string) => (field === "status" ? "Status" : field);
const cell = "px-4 py-3 align-top";

/** `label` names the table for screen readers; the categories' page shows its history this way too. */
export function ProductHistory({
  entries,
  label = "The product's history",
}: {
  entries: readonly Entry[];
  label?: string;
}) {
  return (
    <section aria-labelledby="product-history" className="mt-12">
      <h2 id="product-history" className="text-xl font-bold">
        History
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No changes recorded yet.</p>
      ) : (
        <TableFrame className="mt-3" label={label}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow columns={["When", "Who", "What", "Before", "After"]} cellClass="px-4 py-3" />
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((entry, index) => (
                <tr key={`${entry.at}-${entry.field}-${index}`}>
                  <td className={`${cell} whitespace-nowrap`}>{formatLondonDateTime(new Date(entry.at))}</td>
                  <td className={cell}>{entry.by}</td>
                  <th scope="row" className={`${cell} font-medium`}>
                    {fieldLabel(entry.field)}
                  </th>
                  <td className={`${cell} break-words text-muted`}>{entry.oldValue ?? "(none)"}</td>
                  <td className={`${cell} break-words`}>{entry.newValue ?? "(none)"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </section>
  );
}
