/** The order page's "What you ordered": every line's choices, then who the order is for and where it goes. */
import { ArtworkPreview, FindingList } from "~/components/checkout/artwork-check";
import { fileFindings } from "~/domain/checkout/artwork-preflight";
import { addressLines, BRANDING_METHODS, PROOF_PREFERENCES, SHIPPING_METHODS } from "~/domain/pricing/checkout";
import type { OrderLine, OrderSnapshot } from "~/domain/orders/order-snapshot";
import { soldColourName } from "~/domain/orders/sold-colours";
import { useLineProducts } from "../product/line-products";
import { describeSizes } from "~/domain/pricing/sizes";
import { chargeText } from "~/domain/pricing/charges";

const term = "text-muted";

/** One order line's choices as the buyer made them: nothing they chose is left out. */
function LineChoices({ line }: { line: OrderLine }) {
  const c = line.customization;
  const hex = c.variant.color_hex;
  const files = c.artwork.files;
  // Where its artwork prints: the catalogue's product, sent by the order page.
  const product = useLineProducts()(line.product.id);
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" data-testid="order-line">
      <dt className={term}>Product</dt>
      <dd>
        {line.quantity.toLocaleString("en-GB")} × {line.product.title}
      </dd>
      <dt className={term}>Colour</dt>
      <dd className="flex items-center gap-2">
        {hex ? (
          <>
            <span
              aria-hidden="true"
              className="h-3 w-3 rounded-full border border-slate-300"
              style={{ background: hex }}
            />
            {soldColourName(line.product, hex) ?? hex}
          </>
        ) : (
          "Not chosen"
        )}
      </dd>
      {c.sizes.length > 0 ? (
        <>
          <dt className={term}>Sizes</dt>
          <dd data-testid="order-line-sizes">{describeSizes(c.sizes)}</dd>
        </>
      ) : null}
      <dt className={term}>Customisation</dt>
      <dd>{c.customization_selections.join(", ") || "None"}</dd>
      <dt className={term}>Branding</dt>
      <dd>{BRANDING_METHODS[c.branding.method]}</dd>
      {line.charges.length > 0 ? (
        <>
          <dt className={term}>Set-up fees and surcharges</dt>
          <dd data-testid="order-line-charges">{line.charges.map(chargeText).join("; ")}</dd>
        </>
      ) : null}
      <dt className={term}>Placement</dt>
      <dd className="break-words">{c.branding.placement_details || "As on the product page"}</dd>
      <dt className={term}>Artwork</dt>
      <dd className="min-w-0">
        {files.length > 0 ? (
          <ul className="space-y-2">
            {files.map((file) => {
              const choice = {
                product,
                method: c.branding.method,
                selections: c.customization_selections,
              };
              return (
                <li key={file.id} className="space-y-1">
                  <p className="break-all">{file.name}</p>
                  <div className="flex flex-wrap items-start gap-3">
                    {/* The uploader's own picture of page one; hidden for anyone else and without one. */}
                    {file.preflight ? (
                      <ArtworkPreview src={`/api/artwork/${file.id}/preview`} name={file.name} />
                    ) : null}
                    <div className="min-w-0 flex-1 space-y-1">
                      <FindingList findings={fileFindings(file, choice)} />
                      {file.use_anyway.length > 0 ? <p className="font-medium">You chose to use it anyway.</p> : null}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : null}
        {c.artwork.email_later ? <p>{files.length > 0 ? "More by e-mail later" : "By e-mail later"}</p> : null}
        {files.length === 0 && !c.artwork.email_later ? "None" : null}
      </dd>
      <dt className={term}>Proof</dt>
      <dd>
        {PROOF_PREFERENCES[c.proof.preference]}
        {c.proof.previous_order_ref ? ` (${c.proof.previous_order_ref})` : ""}
      </dd>
      {c.handwritten_note ? (
        <>
          <dt className={term}>Handwritten note</dt>
          <dd>Yes</dd>
        </>
      ) : null}
      {c.notes ? (
        <>
          <dt className={term}>Notes</dt>
          <dd className="whitespace-pre-line break-words">{c.notes}</dd>
        </>
      ) : null}
    </dl>
  );
}

function Address({ lines }: { lines: string[] }) {
  return (
    <address className="not-italic">
      {lines.map((text, i) => (
        <span key={i} className="block break-words">
          {text}
        </span>
      ))}
    </address>
  );
}

/** Every choice of an order, line by line, then who it is for and where it goes. */
export function OrderChoices(props: { lines: readonly OrderLine[]; snapshot: OrderSnapshot }) {
  const { details, shipping } = props.snapshot.data;
  const billing = details.billing;
  const ship = shipping.address;
  return (
    <section aria-labelledby="choices-heading">
      <h2 id="choices-heading" className="text-xl font-bold">
        What you ordered
      </h2>
      {props.lines.map((line) => (
        <LineChoices key={line.id} line={line} />
      ))}
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm" data-testid="order-details">
        <dt className={term}>Contact</dt>
        <dd className="break-words">
          {details.contact_name}, {details.email}
          {details.phone ? `, ${details.phone}` : ""}
        </dd>
        <dt className={term}>Company</dt>
        <dd>{details.company}</dd>
        {details.po_ref ? (
          <>
            <dt className={term}>PO reference</dt>
            <dd className="break-words">{details.po_ref}</dd>
          </>
        ) : null}
        {details.vat_number ? (
          <>
            <dt className={term}>VAT number</dt>
            <dd>{details.vat_number}</dd>
          </>
        ) : null}
        <dt className={term}>Billing address</dt>
        <dd>
          <Address
            lines={addressLines(
              [billing.company, billing.name, billing.line1, billing.line2, billing.city, billing.postcode],
              billing.country,
            )}
          />
        </dd>
        <dt className={term}>Ship to</dt>
        <dd>
          <Address
            lines={addressLines(
              [ship.company, ship.name, ship.line1, ship.line2, ship.city, ship.postcode, ship.phone],
              ship.country,
            )}
          />
        </dd>
        <dt className={term}>Shipping</dt>
        <dd>{shipping.method ? SHIPPING_METHODS[shipping.method].label : "Not chosen"}</dd>
        {shipping.notes ? (
          <>
            <dt className={term}>Delivery notes</dt>
            <dd className="whitespace-pre-line break-words">{shipping.notes}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
