/** The back-office order page's "Before production" card: correct the delivery address and a sized line's split. */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { countryName } from "~/domain/pricing/checkout";
import { lineTitle } from "~/domain/fulfilment/orders";
import { Card } from "./order-card";
import type { FormReply } from "./order-actions";

const SHIP_TO_FIELDS = [
  ["company", "Company", "organization"],
  ["firstName", "First name", "given-name"],
  ["lastName", "Last name", "family-name"],
  ["line1", "Address line 1", "address-line1"],
  ["line2", "Address line 2 (optional)", "address-line2"],
  ["city", "City", "address-level2"],
  ["postcode", "Postcode", "postal-code"],
  ["phone", "Phone", "tel"],
] as const;

/**
 * "Before production" (docs/decisions/046-order-edits.md): while the order is not yet made, staff
 * correct the delivery address (the country stays as paid) and a sized line's split (adding up to
 * the quantity paid for). Each change is kept on the history; the job sheet prints what is current.
 */
export function OrderEditsCard(props: {
  order: StaffOrderDetail;
  shipToResult?: FormReply;
  sizesResult?: FormReply;
  /** What staff typed into the address form before a refusal, so nothing is lost. */
  typed?: Record<string, string>;
  busy: boolean;
}) {
  const { order, shipToResult, sizesResult, typed, busy } = props;
  if (!order.editable) return null;
  const sized = order.lines.filter((line) => line.sizeOptions.length > 0);
  const errors = shipToResult && !shipToResult.ok ? shipToResult.fieldErrors : undefined;
  return (
    <Card id="order-edits" title="Before production">
      <p className="mt-1 text-sm text-muted">
        Correct the delivery address or a size split until the order goes into production. Prices, quantities and the
        country stay as paid.
      </p>
      <details className="mt-3" open={shipToResult !== undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-brand">Change the delivery address</summary>
        {shipToResult ? (
          <div className="mt-3">
            <FormMessage tone={shipToResult.ok ? "success" : "error"}>{shipToResult.message}</FormMessage>
          </div>
        ) : null}
        <Form
          method="post"
          className="mt-3 space-y-3"
          aria-label="Change the delivery address"
          key={`ship-to-${order.version}`}
        >
          <input type="hidden" name="intent" value="ship-to" />
          <input type="hidden" name="version" value={order.version} />
          {SHIP_TO_FIELDS.map(([name, label, autoComplete]) => (
            <Field
              key={name}
              label={label}
              name={name}
              autoComplete={autoComplete}
              maxLength={name === "postcode" ? 16 : name === "phone" ? 40 : 200}
              defaultValue={typed?.[name] ?? order.shipping.fields[name]}
              error={errors?.[`address.${name}`]}
            />
          ))}
          <p className="text-sm">
            <span className="text-muted">Country:</span> {countryName(order.shipping.country)}{" "}
            <span className="text-muted">(stays as paid: it decided VAT and shipping)</span>
          </p>
          <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
            Save the address
          </button>
        </Form>
      </details>
      {sized.length > 0 ? (
        <details className="mt-3" open={sizesResult !== undefined}>
          <summary className="cursor-pointer text-sm font-semibold text-brand">Change sizes</summary>
          {sizesResult ? (
            <div className="mt-3">
              <FormMessage tone={sizesResult.ok ? "success" : "error"}>{sizesResult.message}</FormMessage>
            </div>
          ) : null}
          {sized.map((line) => {
            const title = lineTitle(order.lines, line) ?? line.product.title;
            const count = (size: string) => line.sizeSplit.find((entry) => entry.size === size)?.count ?? 0;
            return (
              <Form
                key={`sizes-${line.id}-${order.version}`}
                method="post"
                className="mt-3 space-y-3"
                aria-label={`Change sizes of ${title}`}
              >
                <input type="hidden" name="intent" value="sizes" />
                <input type="hidden" name="version" value={order.version} />
                <input type="hidden" name="line" value={line.id} />
                <fieldset>
                  <legend className="text-sm font-medium">
                    {title}: {line.quantity.toLocaleString("en-GB")} in all
                  </legend>
                  <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-6">
                    {line.sizeOptions.map((size) => (
                      <Field
                        key={size}
                        label={size}
                        name={`size-${size}`}
                        inputMode="numeric"
                        pattern="[0-9]*"
                        maxLength={7}
                        defaultValue={count(size) > 0 ? String(count(size)) : ""}
                      />
                    ))}
                  </div>
                </fieldset>
                <button type="submit" className={buttonClass("secondary", "w-full")} disabled={busy}>
                  Save sizes of {title}
                </button>
              </Form>
            );
          })}
        </details>
      ) : null}
    </Card>
  );
}
