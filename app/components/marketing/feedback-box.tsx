/** The cart's feedback box: type a note, Enter sends it, and thanks show once the server has stored it. */
import { useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { FEEDBACK_MAX } from "~/domain/checkout/cart-rules";
import type { ErrorBody } from "~/domain/core/api-errors";

export const FEEDBACK_THANKS_MS = 2500;

/**
 * The cart's feedback box (SPEC.md §4): opens on hover or focus, Enter sends non-blank text
 * (Shift+Enter adds a line, A-62), thanks for 2.5 s only once the server has stored it (A-22).
 */
export function FeedbackBox() {
  const fetcher = useFetcher<ErrorBody | { ok: true }>();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [thanking, setThanking] = useState(false);
  const lastHandled = useRef<unknown>(null);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || lastHandled.current === fetcher.data) return;
    lastHandled.current = fetcher.data;
    if ("ok" in fetcher.data) {
      setText("");
      setThanking(true);
      const timer = setTimeout(() => {
        setThanking(false);
        setOpen(false);
      }, FEEDBACK_THANKS_MS);
      return () => clearTimeout(timer);
    }
  }, [fetcher.state, fetcher.data]);

  const error = fetcher.data && "error" in fetcher.data ? fetcher.data.error.message : null;
  const send = () => {
    if (text.trim() === "" || fetcher.state !== "idle") return;
    fetcher.submit({ intent: "feedback", text, page: location.pathname }, { method: "post", action: "/cart" });
  };

  return (
    <div
      className="rounded-2xl border border-slate-200 bg-slate-50 p-4"
      onMouseEnter={() => setOpen(true)}
      onFocus={() => setOpen(true)}
    >
      {thanking ? (
        <p role="status" className="text-sm font-semibold text-green-900">
          Thanks for your feedback!
        </p>
      ) : (
        <>
          <label htmlFor="cart-feedback" className="text-sm font-semibold">
            How's your experience so far?
          </label>
          <textarea
            id="cart-feedback"
            value={text}
            maxLength={FEEDBACK_MAX}
            rows={open ? 3 : 1}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) {
                e.preventDefault();
                send();
              }
            }}
            placeholder={open ? "Tell us what would make ordering easier. Press Enter to send." : "Share feedback"}
            className="mt-2 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
          />
          {error ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
