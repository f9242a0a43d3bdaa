/** A sized product's size guide: its sizing table and note, as the product page and a collection's link show it. */
import type { SizingTable } from "~/catalogue/types";

export function SizeGuide({ table }: { table: SizingTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="mb-1 text-left font-semibold">Size guide</caption>
        <thead>
          <tr>
            {table.headers.map((header) => (
              <th key={header} scope="col" className="border-b border-slate-200 py-1 pr-3">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.size}>
              <th scope="row" className="py-1 pr-3">
                {row.size}
              </th>
              <td className="py-1 pr-3">{row.height}</td>
              <td className="py-1 pr-3">{row.weight}</td>
              <td className="py-1 pr-3">{row.waist}</td>
              <td className="py-1 pr-3">{row.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-muted">{table.note}</p>
    </div>
  );
}
