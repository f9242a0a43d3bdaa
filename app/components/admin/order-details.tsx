/**
 * The back-office order page's details: each line's choices and artwork with its preflight, the
 * contact, billing, shipping and amounts.
 */
import { formatDisplayDate } from "~/domain/core/dates";
import { ArtworkPreview, FindingList } from "~/components/checkout/artwork-check";
import { describeReport } from "~/domain/artwork/preflight";
import { formatPence } from "~/domain/core/money";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { Card, Facts, Lines, fileSize, londonTime } from "./order-card";

/**
 * The placement rows of a line: the named placement and the buyer's placement
 * details, leaving out an empty "Placement: —" row when the details say where the logo goes.
 */
export function placementFacts(placement: string, details: string): Array<[string, string]> {
  const named = placement === "none" ? "" : placement.trim();
  if (!details.trim()) return [["Placement", named]];
  return named
    ? [
        ["Placement", named],
        ["Placement details", details],
      ]
    : [["Placement details", details]];
}

/** What the buyer chose, their artwork, who they are, where it goes and what they paid. */
export function OrderDetails({ order }: { order: StaffOrderDetail }) {
  return (
    <div className="space-y-6 lg:col-span-2">
      {order.lines.map((line, index) => (
        <OrderLineCard key={line.id} orderId={order.id} line={line} index={index} />
      ))}

      <div className="grid gap-6 md:grid-cols-2">
        <Card id="contact" title="Contact">
          <Facts
            rows={[
              ["Name", order.contact.name],
              [
                "Work e-mail",
                order.contact.email ? (
                  <a href={`mailto:${order.contact.email}`} className="text-brand underline">
                    {order.contact.email}
                  </a>
                ) : (
                  ""
                ),
              ],
              ["Company", order.contact.company],
              ["Phone", order.contact.phone],
              ["PO / reference", order.contact.poRef],
              ["VAT number", order.vatNumber],
              ["Account", order.account.email ?? order.account.userId],
            ]}
          />
        </Card>
        <Card id="billing" title="Billing address">
          <Facts
            rows={[
              ["Company", order.billing.company],
              ["Name", order.billing.name],
              ["Address", <Lines lines={order.billing.lines} />],
            ]}
          />
        </Card>
        <Card id="shipping" title="Shipping">
          <Facts
            rows={[
              ["Deliver to", order.shipping.name],
              ["Company", order.shipping.company],
              ["Address", <Lines lines={order.shipping.lines} />],
              ["Phone", order.shipping.phone],
              ["Method", order.shipping.method],
              ["Delivery notes", order.shipping.notes],
              [
                "Promised by",
                order.promisedDeliveryDate
                  ? formatDisplayDate(order.promisedDeliveryDate)
                  : "Fixed when the buyer approves the proof",
              ],
              ["Carrier", order.carrier ?? ""],
              ["Tracking number", order.trackingNumber ?? ""],
            ]}
          />
        </Card>
        <Card id="amounts" title="Amounts and payment">
          <Facts
            rows={[
              ["Goods", formatPence(order.amounts.subtotalPence)],
              [
                "Discount",
                order.amounts.discountPence > 0 ? `−${formatPence(order.amounts.discountPence)}` : formatPence(0),
              ],
              ["Shipping", formatPence(order.amounts.shippingPence)],
              [`VAT (${order.amounts.vatRate}%)`, formatPence(order.amounts.vatPence)],
              [order.paidAt ? "Total paid" : "Total to pay", <strong>{formatPence(order.amounts.totalPence)}</strong>],
              ["Payment reference", <code className="break-all text-xs">{order.payment.intentId}</code>],
              [
                "Provider",
                order.payment.provider === "test"
                  ? "Test mode (no card charged)"
                  : order.payment.provider === "stripe"
                    ? "Stripe"
                    : order.payment.provider === "bank_transfer"
                      ? "Bank transfer"
                      : "",
              ],
              ["Invoice", order.invoiceNumber ?? ""],
            ]}
          />
        </Card>
      </div>
    </div>
  );
}

/** What the buyer chose for one product, and its artwork. */
function OrderLineCard(props: { orderId: string; line: StaffOrderDetail["lines"][number]; index: number }) {
  const { line } = props;
  const { choices, artwork } = line;
  return (
    <Card id={`line-${props.index + 1}`} title={`What the buyer chose: ${line.product.title}`}>
      <Facts
        rows={[
          ["Product", `${line.product.title} (product ${line.product.id})`],
          ["Quantity", line.quantity.toLocaleString("en-GB")],
          ["Unit price", formatPence(line.unitPence)],
          ["Set-up fees and surcharges", line.charges || null],
          ["Line total", formatPence(line.subtotalPence)],
          ["Colour", choices.colour],
          ["Customisation", choices.customisations.join(", ")],
          ["Sizes", choices.sizes],
          ["Handwritten note", choices.handwrittenNote ? "Yes" : "No"],
          ["Branding", choices.branding],
          ...placementFacts(choices.placement, choices.placementDetails),
          [
            "Proof preference",
            choices.previousOrderRef
              ? `${choices.proofPreference}: repeat of ${choices.previousOrderRef}`
              : choices.proofPreference,
          ],
          ["Notes", choices.notes ? <span className="whitespace-pre-wrap">{choices.notes}</span> : ""],
        ]}
      />
      <h3 className="mt-4 font-semibold">Artwork</h3>
      {artwork.files.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          {artwork.emailLater ? "No files uploaded: the buyer chose to e-mail the artwork." : "No files uploaded."}
        </p>
      ) : (
        <ul className="mt-2 space-y-3 text-sm">
          {artwork.files.map((file) => (
            <li key={file.id} className="space-y-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                {file.available ? (
                  <a
                    href={`/admin/orders/${props.orderId}/artwork/${file.id}`}
                    className="font-medium text-brand underline"
                    download
                  >
                    Download {file.name}
                  </a>
                ) : (
                  <span>{file.name} (file missing from storage)</span>
                )}
                <span className="text-muted">
                  {fileSize(file.sizeBytes)} · uploaded {londonTime(file.uploadedAt)}
                </span>
              </div>
              <StaffArtworkCheck orderId={props.orderId} file={file} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The file's preflight (decision 027) as staff make the proof: page one, the findings, consent, the full report. */
function StaffArtworkCheck(props: {
  orderId: string;
  file: StaffOrderDetail["lines"][number]["artwork"]["files"][number];
}) {
  const { file } = props;
  if (!file.report) return <p className="text-muted">Uploaded before the artwork checks: not checked.</p>;
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="staff-artwork-check">
      {file.hasPreview ? (
        <ArtworkPreview src={`/admin/orders/${props.orderId}/artwork/${file.id}/preview`} name={file.name} />
      ) : null}
      <div className="min-w-0 flex-1 space-y-2">
        <FindingList findings={file.findings} />
        {file.usedAnyway.length > 0 ? (
          <p className="font-medium">The buyer chose to use it anyway ({file.usedAnyway.join(", ")}).</p>
        ) : null}
        <details>
          <summary className="cursor-pointer">Full report</summary>
          <ul className="mt-1 list-disc pl-5 text-muted">
            {describeReport(file.report).map((fact) => (
              <li key={fact} className="break-words">
                {fact}
              </li>
            ))}
          </ul>
        </details>
      </div>
    </div>
  );
}
