/** The back-office order page's records: every proof version with the buyer's answer, and the status history. */
import { ORDER_STATUS_LABELS, lineTitle } from "~/domain/fulfilment/orders";
import type { StaffOrderDetail, StaffProof } from "~/domain/orders/admin-orders";
import { Card, fileSize, londonTime } from "./order-card";
import { HeaderRow } from "./table-parts";

/** Every proof version with the buyer's answer, and every status change, newest first. */
export function OrderRecords({ order }: { order: StaffOrderDetail }) {
  return (
    <>
      <Card id="proofs" title="Proofs" className="mt-6">
        {order.lines.map((line) => (
          <ProofTable
            key={line.id}
            orderId={order.id}
            position={line.position}
            title={lineTitle(order.lines, line)}
            proofs={line.proofs}
          />
        ))}
      </Card>

      <Card id="history" title="Status history" className="mt-6">
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Status history">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Every status change, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-muted">
              <HeaderRow columns={["When", "Change", "By", "Note"]} cellClass="py-2 pr-4" lastClass="py-2" />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {order.history.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap py-2 pr-4">{londonTime(entry.at)}</td>
                  <td className="py-2 pr-4">
                    {entry.from && entry.from !== entry.to ? `${ORDER_STATUS_LABELS[entry.from]} → ` : ""}
                    {ORDER_STATUS_LABELS[entry.to]}
                  </td>
                  <td className="py-2 pr-4">
                    {entry.actor === "staff" ? "Staff" : entry.actor === "buyer" ? "Buyer" : "System"}
                    {entry.actorName ? (
                      <span className="block text-xs text-muted break-all">{entry.actorName}</span>
                    ) : null}
                  </td>
                  <td className="py-2 whitespace-pre-wrap">{entry.note ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/** One line's proof versions with the buyer's answers, newest first. */
function ProofTable(props: { orderId: string; position: number; title: string | null; proofs: StaffProof[] }) {
  const of = props.title ? ` of ${props.title}` : "";
  const query = props.position > 1 ? `?line=${props.position}` : "";
  return (
    <>
      {props.title ? <h3 className="mt-4 font-semibold">{props.title}</h3> : null}
      {props.proofs.length === 0 ? (
        <p className="mt-3 text-sm text-muted">No proof sent yet.</p>
      ) : (
        // Focusable so a keyboard user can scroll the table sideways on a phone (WCAG 2.1.1).
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={`Proof versions${of}`}>
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Proof versions{of}, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-muted">
              <HeaderRow
                columns={["Version", "Sent", "File", "Buyer's answer", "Buyer's comment"]}
                cellClass="py-2 pr-4"
                lastClass="py-2"
              />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {props.proofs.map((proof) => (
                <tr key={proof.version}>
                  <th scope="row" className="py-2 pr-4 font-semibold">
                    {proof.version}
                  </th>
                  <td className="py-2 pr-4">
                    {londonTime(proof.createdAt)}
                    <span className="block text-xs text-muted">by {proof.uploadedBy}</span>
                  </td>
                  <td className="py-2 pr-4">
                    <a
                      href={`/admin/orders/${props.orderId}/proofs/${proof.version}${query}`}
                      className="font-medium text-brand underline"
                      download
                    >
                      {proof.originalName}
                    </a>
                    <span className="block text-xs text-muted">{fileSize(proof.sizeBytes)}</span>
                  </td>
                  <td className="py-2 pr-4">
                    {proof.decision === "approved"
                      ? "Approved"
                      : proof.decision === "changes_requested"
                        ? "Changes requested"
                        : "Waiting"}
                    {proof.decidedAt ? (
                      <span className="block text-xs text-muted">{londonTime(proof.decidedAt)}</span>
                    ) : null}
                    {proof.answeredBy ? <span className="block text-xs break-all">by {proof.answeredBy}</span> : null}
                    {proof.answeredHow ? <span className="block text-xs text-muted">{proof.answeredHow}</span> : null}
                  </td>
                  <td className="py-2 whitespace-pre-wrap">{proof.comment ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
