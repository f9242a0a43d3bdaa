import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin.products-import";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { CATALOGUE_CSV_HEADER } from "~/domain/catalogue/catalogue-csv";
import { decodeImportBytes, IMPORT_LIMITS, IMPORT_MESSAGES, notACsv } from "~/domain/catalogue/catalogue-import";
import {
  ADMIN_NO_STORE,
  requireStaff,
  requireStaffBudget,
  STAFF_PAGE_LIMIT,
} from "~/server/accounts/admin-access.server";
import { dbOf } from "~/server/accounts/request-context.server";
import {
  IMPORT_STATUS_MESSAGES,
  IMPORT_UPLOAD_LIMIT,
  recentImports,
  startImport,
} from "~/server/admin/catalogue-import.server";
import { failure, readUpload, toResponse } from "~/server/platform/http.server";

/** Importing the catalogue from a CSV, for staff (docs/decisions/066-catalogue-is-data.md): the layout and the latest imports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "products", limit: STAFF_PAGE_LIMIT });
  const imports = await recentImports(db);
  return { imports: imports.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

/** Keeps the uploaded file and starts its dry run; its page follows the job. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff({ request, context });
  const db = dbOf(context);
  await requireStaffBudget(db, { staffId: staff.id, bucket: "catalogue-import", limit: IMPORT_UPLOAD_LIMIT });
  const form = await readUpload(request);
  if (!form.ok) return toResponse(form);
  const file = form.value.get("file");
  if (!(file instanceof File) || file.size === 0) {
    return toResponse(failure(400, "NO_FILE", IMPORT_STATUS_MESSAGES.noFile));
  }
  if (file.size > IMPORT_LIMITS.bytes) return toResponse(failure(413, "FILE_TOO_BIG", IMPORT_MESSAGES.tooBig));
  const bytes = new Uint8Array(await file.arrayBuffer());
  const refused = notACsv(file, bytes);
  if (refused) return toResponse(failure(415, "NOT_CSV", refused));
  const started = await startImport(db, { staffId: staff.id, fileName: file.name, text: decodeImportBytes(bytes) });
  if (!started.ok) return toResponse(started);
  return redirect(`/admin/products/import/${started.id}`, { headers: ADMIN_NO_STORE });
}

export function headers() {
  return ADMIN_NO_STORE;
}

const STATUS_WORDS = {
  planning: "Reading",
  planned: "Dry run ready",
  applying: "Applying",
  applied: "Applied",
  failed: "Failed",
} as const;

const link = "text-brand underline-offset-2 hover:underline";

export default function AdminProductsImport({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/products" className={link}>
          Products
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold">Import products</h1>
      <p className="mt-2 text-muted">
        Upload a CSV in the layout of the catalogue's export, one product a row. A dry run shows what each row would
        create, change or refuse, and why; nothing is saved until you apply it. A row with an id changes that product; a
        row without one adds a product.
      </p>
      <details className="mt-4 rounded-xl border border-slate-200 p-4 text-sm">
        <summary className="cursor-pointer font-semibold">The layout</summary>
        <p className="mt-2">The first row names the columns, in any order:</p>
        <p className="mt-1 break-words font-mono text-xs">{CATALOGUE_CSV_HEADER.join(", ")}</p>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>price_bands: from-to and the unit price in pounds, the last open, such as 50-99 5.50; 100+ 4.80</li>
          <li>colours: a name and its colour, such as Navy #1f2a56; White #ffffff</li>
          <li>tags: Hot, New, Sporty or Low MOQ, separated by semicolons</li>
          <li>status: draft, published or archived (empty keeps a product's own; a new one is a draft)</li>
          <li>pictures is not read: add pictures in a product's editor</li>
        </ul>
        <p className="mt-2">
          UTF-8 or Excel's CSV, up to {IMPORT_LIMITS.bytes / 1024 / 1024} MB and{" "}
          {IMPORT_LIMITS.rows.toLocaleString("en-GB")} rows.
        </p>
      </details>
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-3" aria-label="Upload a CSV">
        {actionData && "error" in actionData ? <FormMessage>{actionData.error.message}</FormMessage> : null}
        <div>
          <label htmlFor="import-file" className="block text-sm font-medium">
            CSV file
          </label>
          <input
            id="import-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            required
            className="mt-1 block text-sm"
          />
        </div>
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Uploading…" : "Upload and check"}
        </button>
      </Form>
      {loaderData.imports.length > 0 ? (
        <section aria-labelledby="recent-imports" className="mt-10">
          <h2 id="recent-imports" className="text-xl font-bold">
            Latest imports
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {loaderData.imports.map((row) => (
              <li key={row.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
                <Link to={`/admin/products/import/${row.id}`} className={link}>
                  {row.fileName}
                </Link>
                <span className="text-muted">
                  {STATUS_WORDS[row.status as keyof typeof STATUS_WORDS] ?? row.status}
                  {row.rowsTotal !== null ? ` · ${row.rowsTotal.toLocaleString("en-GB")} rows` : ""} ·{" "}
                  {formatLondonDateTime(new Date(row.createdAt))}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export function meta() {
  return [{ title: "Import products | Back office | Swag Studio" }, { name: "robots", content: "noindex" }];
}
