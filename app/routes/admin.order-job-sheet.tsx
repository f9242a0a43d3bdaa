import type { Route } from "./+types/admin.order-job-sheet";
import { StaffNeedBy } from "~/components/admin/need-by-risk";
import { buttonClass } from "~/components/ui/button";
import type { StaffOrderDetail } from "~/domain/orders/admin-orders";
import { formatDisplayDate, formatLondonDateTime } from "~/domain/core/dates";
import {
  ADMIN_NO_STORE,
  adminNotFound,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { getOrderForStaff } from "~/server/admin/admin-order-detail.server";
import { orderNeedByForStaff } from "~/server/orders/orders-at-risk.server";
import { dbOf, nowOf } from "~/server/accounts/request-context.server";

/**
 * The job sheet (docs/decisions/046-order-edits.md): what the workshop needs to make and send one order, on one
 * printable page: the delivery address and method as they are now (after any change before
 * production, decision 046), and per line the product, colour, quantity and sizes, decoration,
 * placement, artwork and the approved proof. Staff only.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const db = dbOf(context);
  const staff = await requireStaff({ request, context });
  await requireStaffBudget(db, { staffId: staff.id, bucket: "job-sheet", limit: STAFF_PAGE_LIMIT });
  const order = await getOrderForStaff(db, params.id);
  if (!order) throw adminNotFound();
  return { order, needBy: await orderNeedByForStaff(db, { orderId: order.id, now: nowOf(context) }) };
}

export function headers() {
  return ADMIN_NO_STORE;
}

type Line = StaffOrderDetail["lines"][number];

function approvedProof(line: Line): string {
  const approved = line.proofs.find((proof) => proof.decision === "approved");
  if (approved)
    return `Version ${approved.version} (${approved.originalName}), approved ${approved.answeredHow ?? ""}`.trim();
  return line.proofs.length > 0 ? `Not approved yet (latest: version ${line.proofs[0]!.version})` : "No proof yet";
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="contents">
      <dt className="font-semibold">{label}</dt>
      <dd className="min-w-0 break-words">{value.trim() === "" ? "—" : value}</dd>
    </div>
  );
}

export default function JobSheet({ loaderData }: Route.ComponentProps) {
  const { order, needBy } = loaderData;
  const ship = order.shipping;
  return (
    <article data-print-sheet className="mx-auto max-w-3xl text-sm print:max-w-none">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold">Job sheet: order {order.number}</h1>
          <p className="mt-1 text-muted">
            {order.statusLabel} · placed {formatLondonDateTime(new Date(order.createdAt))}
            {order.promisedDeliveryDate ? ` · promised by ${formatDisplayDate(order.promisedDeliveryDate)}` : ""}
          </p>
          <StaffNeedBy plan={needBy} />
        </div>
        <button type="button" className={buttonClass("secondary", "print:hidden")} onClick={() => window.print()}>
          Print
        </button>
      </div>

      <section aria-labelledby="job-ship" className="mt-6 rounded-xl border border-slate-300 p-4">
        <h2 id="job-ship" className="text-lg font-bold">
          Deliver to
        </h2>
        <dl className="mt-2 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-1">
          <Row label="Name" value={ship.name} />
          <Row label="Company" value={ship.company} />
          <Row label="Address" value={ship.lines.join(", ")} />
          <Row label="Phone" value={ship.phone} />
          <Row label="Method" value={ship.method} />
          <Row label="Delivery notes" value={ship.notes} />
        </dl>
      </section>

      {order.lines.map((line) => (
        <section
          key={line.id}
          aria-labelledby={`job-line-${line.id}`}
          className="mt-4 break-inside-avoid rounded-xl border border-slate-300 p-4"
        >
          <h2 id={`job-line-${line.id}`} className="text-lg font-bold">
            {line.position}. {line.product.title} × {line.quantity.toLocaleString("en-GB")}
          </h2>
          <dl className="mt-2 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-1">
            <Row label="Colour" value={line.choices.colour ?? ""} />
            <Row label="Sizes" value={line.choices.sizes} />
            <Row label="Decoration" value={line.choices.branding} />
            <Row label="Customisations" value={line.choices.customisations.join(", ")} />
            <Row label="Placement" value={line.choices.placement} />
            <Row label="Placement details" value={line.choices.placementDetails} />
            <Row label="Handwritten note" value={line.choices.handwrittenNote ? "Yes" : ""} />
            <Row label="Buyer's notes" value={line.choices.notes} />
            <Row
              label="Artwork"
              value={
                line.artwork.emailLater && line.artwork.files.length === 0
                  ? "Coming by e-mail"
                  : line.artwork.files
                      .map((file) =>
                        file.usedAnyway.length > 0 ? `${file.name} (buyer accepted the check's warnings)` : file.name,
                      )
                      .join(", ")
              }
            />
            <Row label="Proof" value={approvedProof(line)} />
          </dl>
        </section>
      ))}
    </article>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `Job sheet ${loaderData?.order.number ?? ""} | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
