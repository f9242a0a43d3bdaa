import { useId, type ReactNode } from "react";
import { data, Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.order";
import { StatusBadge } from "~/components/admin-status-badge";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { ADMIN_NOTE_MAX, formatLondonDateTime, proofUploadSchema, statusChangeSchema } from "~/domain/admin-orders";
import { fieldErrors } from "~/domain/auth-forms";
import { formatDisplayDate } from "~/domain/delivery";
import { formatPence } from "~/domain/money";
import { ORDER_STATUS_LABELS } from "~/domain/orders";
import { PROOF_ACCEPT } from "~/domain/proof-rules";
import { ADMIN_NO_STORE, adminNotFound, requireStaff } from "~/server/admin-access.server";
import { changeOrderStatus, getOrderForStaff, type AdminFailure } from "~/server/admin-orders.server";
import { readProofForm, uploadProof } from "~/server/admin-proofs.server";
import { readFormData } from "~/server/form-body.server";

type ActionData = { intent: "proof" | "status"; ok: boolean; message: string; fieldErrors?: Record<string, string[]> };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const order = await getOrderForStaff(params.id);
  if (!order) throw adminNotFound();
  return { order };
}

function refused(intent: ActionData["intent"], failure: AdminFailure) {
  return data<ActionData>(
    { intent, ok: false, message: failure.message, fieldErrors: failure.fieldErrors },
    { status: failure.status, headers: ADMIN_NO_STORE },
  );
}

/** Two forms post here: the proof upload (multipart, with the file) and the status change. */
export async function action({ request, params }: Route.ActionArgs) {
  const staff = await requireStaff(request);
  if (/^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
    const read = await readProofForm(request);
    if (!read.ok) return refused("proof", read);
    const parsed = proofUploadSchema.safeParse({
      intent: read.form.get("intent"),
      version: read.form.get("version"),
      note: read.form.get("note") ?? undefined,
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return data<ActionData>(
        {
          intent: "proof",
          ok: false,
          message: Object.values(errors)[0]?.[0] ?? "Check the form.",
          fieldErrors: errors,
        },
        { status: 400 },
      );
    }
    const result = await uploadProof({ staff, orderId: params.id, fields: parsed.data, file: read.form.get("proof") });
    if (!result.ok) return refused("proof", result);
    return data<ActionData>({ intent: "proof", ok: true, message: result.message }, { headers: ADMIN_NO_STORE });
  }

  const parsed = statusChangeSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return data<ActionData>(
      { intent: "status", ok: false, message: Object.values(errors)[0]?.[0] ?? "Check the form.", fieldErrors: errors },
      { status: 400 },
    );
  }
  const result = await changeOrderStatus({ staff, orderId: params.id, change: parsed.data });
  if (!result.ok) return refused("status", result);
  return data<ActionData>({ intent: "status", ok: true, message: result.message }, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

/**
 * A refused change (409: the order moved on meanwhile) must show the order as it is now, so the
 * page reloads its data after every post, not only after successful ones.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod.toUpperCase() !== "GET" ? true : defaultShouldRevalidate;
}

// ---------------------------------------------------------------------------------------------

const card = "rounded-2xl border border-slate-200 p-5";
const h2 = "text-lg font-bold";

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value === "" || value === null || value === undefined ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <>—</>;
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

const bytes = (size: number) =>
  size >= 1024 * 1024 ? `${(size / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
const when = (at: Date | string) => formatLondonDateTime(new Date(at));

function NoteField({ label, hint }: { label: string; hint: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
        {hint}
      </p>
      <textarea
        id={id}
        name="note"
        rows={3}
        maxLength={ADMIN_NOTE_MAX}
        aria-describedby={`${id}-hint`}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const result = (intent: ActionData["intent"]) => (actionData?.intent === intent ? actionData : undefined);
  const proofResult = result("proof");
  const statusResult = result("status");
  const nextProof = (order.proofs[0]?.version ?? 0) + 1;
  const statusSelectId = `status-to-${order.id}`;

  return (
    <article>
      <p>
        <Link to="/admin/orders" className="text-sm font-semibold text-brand underline-offset-2 hover:underline">
          ← All orders
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-extrabold">Order {order.number}</h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-muted">
        Paid {when(order.paidAt)} · {formatPence(order.amounts.totalPence)} · last changed {when(order.updatedAt)}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section className={card} aria-labelledby="chosen">
            <h2 id="chosen" className={h2}>
              What the buyer chose
            </h2>
            <Facts
              rows={[
                ["Product", `${order.product.title} (product ${order.product.id})`],
                ["Quantity", order.product.quantity.toLocaleString("en-GB")],
                ["Colour", order.choices.colour],
                ["Customisation", order.choices.customisations.join(", ")],
                ["Handwritten note", order.choices.handwrittenNote ? "Yes" : "No"],
                ["Branding", order.choices.branding],
                ["Placement", order.choices.placement === "none" ? "" : order.choices.placement],
                ["Placement details", order.choices.placementDetails],
                [
                  "Proof preference",
                  order.choices.previousOrderRef
                    ? `${order.choices.proofPreference}: repeat of ${order.choices.previousOrderRef}`
                    : order.choices.proofPreference,
                ],
                [
                  "Notes",
                  order.choices.notes ? <span className="whitespace-pre-wrap">{order.choices.notes}</span> : "",
                ],
              ]}
            />
          </section>

          <section className={card} aria-labelledby="artwork">
            <h2 id="artwork" className={h2}>
              Artwork
            </h2>
            {order.artwork.files.length === 0 ? (
              <p className="mt-3 text-sm text-muted">
                {order.artwork.emailLater
                  ? "No files uploaded: the buyer chose to e-mail the artwork."
                  : "No files uploaded."}
              </p>
            ) : (
              <ul className="mt-3 space-y-2 text-sm">
                {order.artwork.files.map((file) => (
                  <li key={file.id} className="flex flex-wrap items-center justify-between gap-2">
                    {file.available ? (
                      <a
                        href={`/admin/orders/${order.id}/artwork/${file.id}`}
                        className="font-medium text-brand underline"
                        download
                      >
                        Download {file.name}
                      </a>
                    ) : (
                      <span>{file.name} (file missing from storage)</span>
                    )}
                    <span className="text-muted">
                      {bytes(file.sizeBytes)} · uploaded {when(file.uploadedAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="grid gap-6 md:grid-cols-2">
            <section className={card} aria-labelledby="contact">
              <h2 id="contact" className={h2}>
                Contact
              </h2>
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
            </section>
            <section className={card} aria-labelledby="billing">
              <h2 id="billing" className={h2}>
                Billing address
              </h2>
              <Facts
                rows={[
                  ["Company", order.billing.company],
                  ["Name", order.billing.name],
                  ["Address", <Lines lines={order.billing.lines} />],
                ]}
              />
            </section>
            <section className={card} aria-labelledby="shipping">
              <h2 id="shipping" className={h2}>
                Shipping
              </h2>
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
            </section>
            <section className={card} aria-labelledby="amounts">
              <h2 id="amounts" className={h2}>
                Amounts and payment
              </h2>
              <Facts
                rows={[
                  ["Unit price", formatPence(order.amounts.unitPence)],
                  ["Goods", formatPence(order.amounts.subtotalPence)],
                  [
                    "Discount",
                    order.amounts.discountPence > 0 ? `−${formatPence(order.amounts.discountPence)}` : formatPence(0),
                  ],
                  ["Shipping", formatPence(order.amounts.shippingPence)],
                  [`VAT (${order.amounts.vatRate}%)`, formatPence(order.amounts.vatPence)],
                  ["Total paid", <strong>{formatPence(order.amounts.totalPence)}</strong>],
                  ["Payment reference", <code className="break-all text-xs">{order.payment.intentId}</code>],
                  [
                    "Provider",
                    order.payment.provider === "test"
                      ? "Test mode (no card charged)"
                      : order.payment.provider === "stripe"
                        ? "Stripe"
                        : "",
                  ],
                  ["Invoice", order.invoiceNumber ?? ""],
                ]}
              />
            </section>
          </div>
        </div>

        <aside className="space-y-6" aria-label="Actions">
          <section className={card} aria-labelledby="proof-upload">
            <h2 id="proof-upload" className={h2}>
              Send a proof
            </h2>
            {order.canSendProof ? (
              <Form
                method="post"
                encType="multipart/form-data"
                className="mt-3 space-y-3"
                key={`proof-${order.version}`}
              >
                <input type="hidden" name="intent" value="proof" />
                <input type="hidden" name="version" value={order.version} />
                {proofResult ? (
                  <FormMessage tone={proofResult.ok ? "success" : "error"}>{proofResult.message}</FormMessage>
                ) : null}
                <Field
                  label={`Proof version ${nextProof}`}
                  hint="PDF, PNG or JPEG, up to 20 MB. The buyer is e-mailed a link to approve it or ask for changes."
                  name="proof"
                  type="file"
                  accept={PROOF_ACCEPT}
                  required
                  error={proofResult?.fieldErrors?.proof}
                />
                <NoteField
                  label="Note to the buyer (optional)"
                  hint="Goes in the e-mail and the order history, which the buyer can see."
                />
                <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
                  Send proof version {nextProof}
                </button>
              </Form>
            ) : (
              <>
                {proofResult ? (
                  <div className="mt-3">
                    <FormMessage tone={proofResult.ok ? "success" : "error"}>{proofResult.message}</FormMessage>
                  </div>
                ) : null}
                <p className="mt-3 text-sm text-muted">
                  Proofs can be sent while the order is paid, waiting for the buyer or has changes requested.
                </p>
              </>
            )}
          </section>

          <section className={card} aria-labelledby="status-change">
            <h2 id="status-change" className={h2}>
              Change status
            </h2>
            {statusResult ? (
              <div className="mt-3">
                <FormMessage tone={statusResult.ok ? "success" : "error"}>{statusResult.message}</FormMessage>
              </div>
            ) : null}
            {order.statusChoices.length === 0 ? (
              <p className="mt-3 text-sm text-muted">
                {order.status === "proof_sent"
                  ? "Waiting for the buyer to answer the proof."
                  : "No status change is possible from here."}
              </p>
            ) : (
              <Form method="post" className="mt-3 space-y-3" key={`status-${order.version}`}>
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="version" value={order.version} />
                <div>
                  <label htmlFor={statusSelectId} className="block text-sm font-medium">
                    New status
                  </label>
                  <select
                    id={statusSelectId}
                    name="to"
                    className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
                    required
                  >
                    {order.statusChoices.map((status) => (
                      <option key={status} value={status}>
                        {ORDER_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                  {order.statusChoices.includes("refunded") ? (
                    <p className="mt-1 text-xs text-muted">
                      Refunded records a refund made in the payment provider's dashboard; it moves no money.
                    </p>
                  ) : null}
                </div>
                {order.statusChoices.includes("shipped") ? (
                  <>
                    <Field
                      label="Carrier"
                      name="carrier"
                      autoComplete="off"
                      maxLength={100}
                      required
                      error={statusResult?.fieldErrors?.carrier}
                    />
                    <Field
                      label="Tracking number"
                      name="trackingNumber"
                      autoComplete="off"
                      maxLength={100}
                      required
                      error={statusResult?.fieldErrors?.trackingNumber}
                    />
                  </>
                ) : null}
                <NoteField
                  label="Note (optional)"
                  hint="Kept in the order history with your name; the buyer can see it."
                />
                <button type="submit" className={buttonClass("primary", "w-full")} disabled={busy}>
                  Change status
                </button>
              </Form>
            )}
          </section>
        </aside>
      </div>

      <section className={`${card} mt-6`} aria-labelledby="proofs">
        <h2 id="proofs" className={h2}>
          Proofs
        </h2>
        {order.proofs.length === 0 ? (
          <p className="mt-3 text-sm text-muted">No proof sent yet.</p>
        ) : (
          // Focusable so a keyboard user can scroll the table sideways on a phone (WCAG 2.1.1).
          <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Proof versions">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Proof versions, newest first</caption>
              <thead className="text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Version
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Sent
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    File
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Buyer's answer
                  </th>
                  <th scope="col" className="py-2">
                    Buyer's comment
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 align-top">
                {order.proofs.map((proof) => (
                  <tr key={proof.version}>
                    <th scope="row" className="py-2 pr-4 font-semibold">
                      {proof.version}
                    </th>
                    <td className="py-2 pr-4">
                      {when(proof.createdAt)}
                      <span className="block text-xs text-muted">by {proof.uploadedBy}</span>
                    </td>
                    <td className="py-2 pr-4">
                      <a
                        href={`/admin/orders/${order.id}/proofs/${proof.version}`}
                        className="font-medium text-brand underline"
                        download
                      >
                        {proof.originalName}
                      </a>
                      <span className="block text-xs text-muted">{bytes(proof.sizeBytes)}</span>
                    </td>
                    <td className="py-2 pr-4">
                      {proof.decision === "approved"
                        ? "Approved"
                        : proof.decision === "changes_requested"
                          ? "Changes requested"
                          : "Waiting"}
                      {proof.decidedAt ? (
                        <span className="block text-xs text-muted">{when(proof.decidedAt)}</span>
                      ) : null}
                    </td>
                    <td className="py-2 whitespace-pre-wrap">{proof.comment ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={`${card} mt-6`} aria-labelledby="history">
        <h2 id="history" className={h2}>
          Status history
        </h2>
        <div className="mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label="Status history">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption className="sr-only">Every status change, newest first</caption>
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="py-2 pr-4">
                  When
                </th>
                <th scope="col" className="py-2 pr-4">
                  Change
                </th>
                <th scope="col" className="py-2 pr-4">
                  By
                </th>
                <th scope="col" className="py-2">
                  Note
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {order.history.map((entry) => (
                <tr key={entry.id}>
                  <td className="whitespace-nowrap py-2 pr-4">{when(entry.at)}</td>
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
      </section>
    </article>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? `Order ${loaderData.order.number}` : "Order"} | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
