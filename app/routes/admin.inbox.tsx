import { redirect } from "react-router";
import { HeaderRow, Pager, TableFrame } from "~/components/admin/table-parts";
import type { Route } from "./+types/admin.inbox";
import { buttonClass } from "~/components/ui/button";
import { INBOX_LABELS, isInboxKind } from "~/domain/orders/admin-orders";
import { ADMIN_NO_STORE, adminNotFound, requireStaff } from "~/server/accounts/admin-access.server";
import { listInbox } from "~/server/admin/admin-inbox.server";
import { dbOf } from "~/server/accounts/request-context.server";

const EMPTY: Record<string, string> = {
  inquiries: "No contact inquiries yet. They arrive from the contact page.",
  quotes: 'No quote requests yet. They arrive from "Request this product" on empty categories and searches.',
  sms: "No SMS sign-ups yet.",
  feedback: "No cart feedback yet.",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireStaff({ request, context });
  if (!isInboxKind(params.kind)) throw adminNotFound();
  const url = new URL(request.url);
  // A page route cannot answer with a file, so ?format=csv hands over to the export route.
  if (url.searchParams.get("format") === "csv") throw redirect(`/admin/inbox/${params.kind}/export.csv`);
  const page = Number(url.searchParams.get("page") ?? "1");
  return {
    kind: params.kind,
    inbox: await listInbox(dbOf(context), { kind: params.kind, page: Number.isFinite(page) ? page : 1 }),
  };
}

export function headers() {
  return ADMIN_NO_STORE;
}

export default function AdminInbox({ loaderData }: Route.ComponentProps) {
  const { kind, inbox } = loaderData;
  const label = INBOX_LABELS[kind];
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold">{label}</h1>
          <p className="mt-1 text-muted">{inbox.total === 1 ? "1 entry" : `${inbox.total} entries`}, newest first.</p>
        </div>
        <a href={`/admin/inbox/${kind}/export.csv`} className={buttonClass("secondary")} download>
          Download CSV
        </a>
      </div>

      {inbox.rows.length === 0 ? (
        <p className="mt-8 rounded-xl border border-dashed border-slate-300 p-8 text-center text-muted">
          {EMPTY[kind]}
        </p>
      ) : (
        <TableFrame className="mt-6" label={label}>
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">{label}, newest first</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <HeaderRow columns={inbox.columns} cellClass="px-4 py-3" />
            </thead>
            <tbody className="divide-y divide-slate-200 align-top">
              {inbox.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((cell, column) => (
                    <td
                      key={column}
                      className={`px-4 py-3 ${column === 0 ? "whitespace-nowrap" : "whitespace-pre-wrap break-words"}`}
                    >
                      {cell.text}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}

      <Pager page={inbox.page} pageCount={inbox.pageCount} href={(page) => `/admin/inbox/${kind}?page=${page}`} />
    </section>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${loaderData ? INBOX_LABELS[loaderData.kind] : "Inbox"} | Back office | Swag Studio` },
    { name: "robots", content: "noindex" },
  ];
}
