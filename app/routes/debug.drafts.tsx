import { useEffect, useState } from "react";
import type { Route } from "./+types/debug.drafts";
import { sessionOf } from "~/server/accounts/request-context.server";
import { SignInPrompt } from "~/components/shell/sign-in-prompt";
import { formatLondonDateTime } from "~/domain/core/dates";

export async function loader({ context }: Route.LoaderArgs) {
  return { signedIn: (await sessionOf(context)) !== null };
}

type Row = { id: string; status: string; productId: string; updatedAt: string; data: unknown };

export const WATCH_INTERVAL_MS = 1000;

/**
 * The live drafts watcher (SPEC.md §2 "Diagnostics"): only the signed-in user's latest 20, every
 * second while the tab is visible. A hidden tab asks nothing (a forgotten tab was one
 * query a second for ever) and refreshes at once when it is shown again.
 */
export default function DebugDraftsRoute({ loaderData }: Route.ComponentProps) {
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!loaderData.signedIn) return;
    let cancelled = false;
    const load = async () => {
      try {
        const response = await fetch("/api/drafts", { headers: { Accept: "application/json" } });
        const body = (await response.json()) as { drafts?: Row[]; error?: { message?: string } };
        if (cancelled) return;
        if (!response.ok || !body.drafts) throw new Error(body.error?.message || "");
        setRows(body.drafts);
        setError(null);
      } catch (e) {
        if (!cancelled) setError((e instanceof Error && e.message) || "Failed to load drafts");
      }
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    const follow = () => {
      if (document.visibilityState === "hidden") {
        clearInterval(timer);
        timer = undefined;
      } else if (timer === undefined) {
        void load();
        timer = setInterval(() => void load(), WATCH_INTERVAL_MS);
      }
    };
    follow();
    document.addEventListener("visibilitychange", follow);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", follow);
    };
  }, [loaderData.signedIn]);

  if (!loaderData.signedIn) return <SignInPrompt title="Drafts" message="Sign in to view your drafts." />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your drafts</h1>
      <p className="mt-2 text-sm text-muted">Your latest 20 drafts, refreshed every second.</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {rows && rows.length === 0 ? <p className="mt-6 text-muted">No drafts yet.</p> : null}
      <ul className="mt-6 space-y-3">
        {(rows ?? []).map((row) => (
          <li key={row.id} className="rounded-xl border border-slate-200 p-4" data-testid="draft-row">
            <p className="flex flex-wrap gap-x-4 text-sm">
              <span className="font-mono font-semibold">{row.id.slice(0, 8)}</span>
              <span>{row.status}</span>
              <span>product {row.productId}</span>
              <span className="text-muted">{formatLondonDateTime(new Date(row.updatedAt))}</span>
            </p>
            {/* A scrolling box takes the focus, so it can be scrolled from the keyboard (WCAG 2.1.1). */}
            <pre
              tabIndex={0}
              role="region"
              aria-label={`Data of draft ${row.id.slice(0, 8)}`}
              className="mt-2 max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 text-xs"
            >
              {JSON.stringify(row.data, null, 2)}
            </pre>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function meta() {
  return [{ title: "Drafts | Swag Studio" }, { name: "robots", content: "noindex" }];
}
