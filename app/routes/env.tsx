import type { Route } from "./+types/env";
import { checkDatabase } from "~/server/platform/health.server";
import { epsPreviewStatus } from "~/server/artwork/preflight-sandbox.server";
import { appContextOf } from "~/server/accounts/request-context.server";

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = appContextOf(context);
  return {
    database: await checkDatabase(ctx.db),
    payment: ctx.paymentStatus,
    // Ghostscript runs only inside the sandbox (docs/decisions/032-sandboxed-parsers.md).
    epsPreviews: await epsPreviewStatus(),
  };
}

// Live status: never replayed from the server's page cache (server.ts) or kept by a browser.
export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function EnvRoute({ loaderData }: Pick<Route.ComponentProps, "loaderData">) {
  const rows = [
    { name: "Payment provider", status: loaderData.payment },
    { name: "Database", status: loaderData.database },
    { name: "EPS previews", status: loaderData.epsPreviews },
  ];
  return (
    <section className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-extrabold">Environment</h1>
      <p className="mt-2 text-muted">Live status of the services this shop depends on.</p>
      <dl className="mt-8 divide-y divide-slate-200 rounded-xl border border-slate-200">
        {rows.map((row) => (
          <div key={row.name} className="flex items-center justify-between px-5 py-4">
            <dt className="font-medium">
              {row.name}
              <span className="sr-only">: </span>
            </dt>
            <dd
              className={`rounded-full px-3 py-1 text-sm font-semibold ${
                row.status === "ok" || row.status.startsWith("on ")
                  ? "bg-green-100 text-green-900"
                  : "bg-amber-100 text-amber-900"
              }`}
            >
              {row.status}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function meta() {
  return [{ title: "Environment | Swag Studio" }, { name: "robots", content: "noindex" }];
}
