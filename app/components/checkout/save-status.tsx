/** A checkout step's save status: "Saving…", "Saved", notices, and the red "Save Error:" box. */
import { SAVE_ERROR_TITLE } from "~/domain/checkout/draft";
import type { SaveState } from "./use-draft-autosave";

/** 'Saving…' / 'Saved', the red 'Save Error:' box and conflict notices (SPEC.md §8). */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <div className="space-y-2">
      <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="save-status">
        {state.status === "saving" ? "Saving…" : state.status === "saved" ? "Saved" : ""}
      </p>
      {state.notice ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {state.notice}
        </p>
      ) : null}
      {state.status === "error" && state.error ? (
        <div role="alert" className="rounded-lg border border-red-400 bg-red-50 px-3 py-2 text-sm text-red-800">
          <p className="font-bold">{SAVE_ERROR_TITLE}</p>
          <p>{state.error}</p>
          {state.retrying ? <p className="mt-1 text-xs">We'll keep trying; your changes stay on this page.</p> : null}
        </div>
      ) : null}
    </div>
  );
}
