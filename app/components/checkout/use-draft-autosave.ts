/**
 * The checkout steps' autosave of their draft to the server, with retries, conflict handling and
 * the per-user drafts map.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { MISSING_SAVE_DATA_MESSAGE, saveErrorMessage, type DraftData, type DraftStep } from "~/domain/checkout/draft";
import { STORAGE_KEYS } from "~/domain/core/storage-keys";

/** SPEC.md §9: saves 600 ms after the last change. */
export const AUTOSAVE_DEBOUNCE_MS = 600;
const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 15_000];

export type SaveState = {
  status: "idle" | "saving" | "saved" | "error";
  error?: string;
  notice?: string;
  retrying?: boolean;
  /** A 400's messages by field, for the step to show beside the field (the VAT number's online check). */
  fieldErrors?: Record<string, string>;
};

type Snapshot = { id: string; version: number; status: string; data: DraftData };
type SaveResponse =
  | { draft: Snapshot; notice?: string }
  | { error: { code: string; message: string; current?: Snapshot; fieldErrors?: Record<string, string> } };

/** The drafts map {productId → draftId} in local storage, per user (R-DRAFT-07, A-19). */
export function rememberDraftId(userId: string, productId: string, draftId: string | null) {
  try {
    const key = STORAGE_KEYS.drafts(userId);
    const map = JSON.parse(localStorage.getItem(key) ?? "{}") as Record<string, string>;
    if (draftId) map[productId] = draftId;
    else delete map[productId];
    localStorage.setItem(key, JSON.stringify(map));
  } catch {
    // Storage unavailable: the server still knows the draft.
  }
}

/**
 * Autosave for one checkout step (SPEC.md §4; R-DRAFT-06; decision 005): debounced 600 ms; the first save
 * of step 2 creates the draft; an update that finds no draft creates a new one (R-DRAFT-05); a
 * failure keeps the change and retries with backoff; a newer version saved elsewhere (409) is
 * loaded and announced; leaving the page, or the step by a link, sends what is pending with a
 * keepalive request.
 */
export function useDraftAutosave<P>(options: {
  step: DraftStep;
  userId: string | null;
  productId: string;
  /** The cart line step 2 customises: the draft it creates is that line's (decision 086). */
  lineId?: string;
  draft: { id: string; version: number } | null;
  /** Called with the server's copy after a conflict, so the form shows it. */
  onConflict: (draft: Snapshot) => void;
  onSaved?: (draft: Snapshot) => void;
}) {
  const [state, setState] = useState<SaveState>({ status: "idle" });
  const [draftId, setDraftId] = useState(options.draft?.id ?? null);
  const version = useRef(options.draft?.version ?? 0);
  const idRef = useRef(options.draft?.id ?? null);
  const pending = useRef<P | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Every request that moves the draft on, one at a time and in order, so none conflicts with another.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const attempt = useRef(0);
  const refused = useRef(false);
  const opts = useRef(options);
  opts.current = options;
  /** False once the step has been left: a late answer then changes no page's address. */
  const onPage = useRef(true);

  const adopt = useCallback((draft: Snapshot) => {
    idRef.current = draft.id;
    version.current = draft.version;
    setDraftId(draft.id);
    const { userId, productId } = opts.current;
    if (userId) rememberDraftId(userId, productId, draft.id);
    if (!onPage.current) return;
    const url = new URL(window.location.href);
    if (url.searchParams.get("draft_id") !== draft.id) {
      url.searchParams.set("draft_id", draft.id);
      url.searchParams.set("product_id", productId);
      window.history.replaceState(window.history.state, "", url);
    }
  }, []);

  const request = useCallback(async (patch: P): Promise<SaveResponse & { httpStatus: number }> => {
    const { step, productId, lineId } = opts.current;
    const id = idRef.current;
    const response = id
      ? await fetch(`/api/drafts/${id}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ step, patch, expectedVersion: version.current }),
        })
      : await fetch("/api/drafts", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ product_id: productId, line_id: lineId, patch }),
        });
    const body = (await response
      .json()
      .catch(() => ({ error: { code: "BAD_RESPONSE", message: "" } }))) as SaveResponse;
    return { ...body, httpStatus: response.status };
  }, []);

  const send = useCallback(async (): Promise<void> => {
    const patch = pending.current;
    if (patch === null) return;
    const { userId, productId, step } = opts.current;
    if (!userId || !productId) {
      setState({ status: "error", error: MISSING_SAVE_DATA_MESSAGE });
      return;
    }
    if (!idRef.current && step !== "customisation") {
      setState({ status: "error", error: saveErrorMessage("No draft found.") });
      return;
    }
    pending.current = null;
    setState((s) => ({ status: "saving", notice: s.notice }));
    try {
      let result = await request(patch);
      if ("error" in result && result.httpStatus === 404 && step === "customisation") {
        // The stored draft is gone: forget it and start a new one (R-DRAFT-05).
        if (userId) rememberDraftId(userId, productId, null);
        idRef.current = null;
        result = await request(patch);
      }
      refused.current = false;
      if ("draft" in result) {
        attempt.current = 0;
        adopt(result.draft);
        opts.current.onSaved?.(result.draft);
        // A change made while this save was under way (on step 2, while its draft was being created)
        // goes in the next save, on this version: until then "Saved" would be untrue, and a reload
        // would load the older copy and let the keepalive send land after it.
        setState({ status: pending.current === null ? "saved" : "saving", notice: result.notice });
      } else if (result.error.code === "VERSION_CONFLICT" && result.error.current) {
        adopt(result.error.current);
        opts.current.onConflict(result.error.current);
        setState({ status: "saved", notice: result.error.message });
      } else if (result.httpStatus >= 500 || result.error.code === "BAD_RESPONSE") {
        throw new Error(result.error.message || `The server answered ${result.httpStatus}`);
      } else {
        // A refusal with a reason (400 invalid, 409 locked): retrying would not help.
        refused.current = true;
        setState({
          status: "error",
          error: saveErrorMessage(result.error.message),
          fieldErrors: result.error.fieldErrors,
        });
      }
    } catch (error) {
      // Network failure or server error: keep the change and try again, backing off.
      pending.current = pending.current ?? patch;
      const delay = RETRY_DELAYS_MS[Math.min(attempt.current, RETRY_DELAYS_MS.length - 1)]!;
      attempt.current += 1;
      setState({
        status: "error",
        error: saveErrorMessage(error instanceof Error ? error.message : null),
        retrying: true,
      });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delay);
    }
  }, [adopt, request]);

  const exclusive = useCallback(<T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.current.then(task);
    queue.current = result.catch(() => undefined);
    return result;
  }, []);

  // One save at a time, in order; changes made meanwhile go in the next one.
  const run = useCallback(() => exclusive(send), [exclusive, send]);

  const schedule = useCallback(
    (patch: P) => {
      pending.current = patch;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), AUTOSAVE_DEBOUNCE_MS);
    },
    [run],
  );

  /** Saves now whatever is pending (before going to the next step); resolves with the draft id. */
  const flush = useCallback(async (): Promise<string | null> => {
    clearTimeout(timer.current);
    await run();
    return idRef.current;
  }, [run]);

  /**
   * Another request that moves the draft on (an artwork upload or removal): what is pending is saved
   * first (creating the draft on step 2), and saves scheduled meanwhile wait for it, so they build on
   * its version instead of conflicting with it and reloading the form without what was just typed.
   * `task` reports the draft's new version with `acceptVersion` before it resolves.
   */
  const alongside = useCallback(
    <T>(task: (draftId: string | null) => Promise<T>): Promise<T> => {
      clearTimeout(timer.current);
      return exclusive(async () => {
        await send();
        return task(idRef.current);
      });
    },
    [exclusive, send],
  );

  useEffect(() => {
    const onPageHide = () => {
      const patch = pending.current;
      const id = idRef.current;
      if (patch === null || !id) return;
      clearTimeout(timer.current);
      pending.current = null;
      void fetch(`/api/drafts/${id}`, {
        method: "POST",
        keepalive: true,
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ step: opts.current.step, patch, expectedVersion: version.current }),
      });
    };
    window.addEventListener("pagehide", onPageHide);
    onPage.current = true;
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      onPage.current = false;
      clearTimeout(timer.current);
      // Leaving within the debounce by a link (Back, the stepper) unmounts the step: send it too.
      // While step 2's draft is still being created there is no id to send it to yet: it goes
      // after the creation, on its version, as it would have on the page.
      if (pending.current !== null && !idRef.current) void run();
      else onPageHide();
    };
  }, []);

  /** Another request (an artwork upload) moved the draft on: the next save builds on that. */
  const acceptVersion = useCallback((next: number) => {
    version.current = Math.max(version.current, next);
  }, []);

  /** Whether the last save was refused with a reason (a 400 or a 409 other than a conflict): Next stays put. */
  const wasRefused = useCallback(() => refused.current, []);

  return { schedule, flush, alongside, state, draftId, acceptVersion, wasRefused };
}
