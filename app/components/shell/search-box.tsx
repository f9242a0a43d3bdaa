/** The header's product search: up to six suggestions while typing, and the listing on submit. */
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { Suggestion } from "~/domain/pricing/catalogue-rules";
import { SearchIcon } from "../ui/icons";

/** How long typing pauses before the server is asked, so a word typed quickly is one request. */
const SUGGEST_DELAY_MS = 120;

/** The server's last answer: the suggestions for `query`, or why there are none. */
type Answer = { query: string; suggestions: Suggestion[]; refusal: string | null };

/**
 * The suggestions for `query`, asked of the server (routes/search-suggestions.ts) once typing
 * pauses: no page ships the catalogue to the browser. The last answer stays on show until the next
 * arrives; a lost request leaves it, and submitting the form still searches.
 */
function useSuggestions(query: string): Answer | null {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/search/suggestions?q=${encodeURIComponent(query)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then(async (response) => {
          const body = (await response.json()) as { suggestions?: Suggestion[]; error?: { message: string } };
          setAnswer({ query, suggestions: body.suggestions ?? [], refusal: body.error?.message ?? null });
        })
        .catch(() => undefined);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return answer;
}

/**
 * The header's product search (SPEC.md §2 "Header", §4 "Search"): up to 6 suggestions while typing,
 * submit to the listing; a plain GET form without JavaScript.
 */
export function SearchBox({ className = "", onDone }: { className?: string; onDone?: () => void }) {
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const rootRef = useRef<HTMLFormElement>(null);
  const listId = useId();
  const query = text.trim();
  const answer = useSuggestions(open ? query : "");
  const suggestions = open && query && answer ? answer.suggestions : [];

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function finish() {
    setText("");
    setOpen(false);
    onDone?.();
  }

  const resultsHref = `/products?search=${encodeURIComponent(query)}`;

  return (
    <form
      ref={rootRef}
      role="search"
      action="/products"
      method="get"
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!query) return; // R-HEAD-17: blank submits are ignored
        navigate(resultsHref);
        finish();
      }}
    >
      <label className="sr-only" htmlFor={`${listId}-input`}>
        Search products
      </label>
      <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" />
      <input
        id={`${listId}-input`}
        name="search"
        type="search"
        autoComplete="off"
        placeholder="Search products..."
        value={text}
        aria-controls={suggestions.length ? listId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(event.target.value.trim() !== "");
        }}
        onFocus={() => setOpen(text.trim() !== "")}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
        className="w-full rounded-full border border-slate-300 bg-white py-2 pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-brand"
      />
      {open && query ? (
        <div
          id={listId}
          className="absolute left-0 right-0 top-full z-40 mt-2 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg"
        >
          <p className="sr-only" aria-live="polite">
            {answer ? (answer.refusal ?? `${suggestions.length} suggestion(s)`) : null}
          </p>
          <ul>
            {suggestions.map((product) => (
              <li key={product.id}>
                <Link
                  to={`/product/${product.id}`}
                  onClick={finish}
                  className="block px-4 py-2 text-sm hover:bg-brand-soft focus:bg-brand-soft"
                >
                  <span className="font-medium">{product.title}</span>
                  <span className="ml-2 text-xs text-muted">{product.category}</span>
                </Link>
              </li>
            ))}
            <li className="border-t border-slate-100">
              <Link
                to={resultsHref}
                onClick={finish}
                className="block px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft focus:bg-brand-soft"
              >
                View all results for "{query}"
              </Link>
            </li>
          </ul>
        </div>
      ) : null}
    </form>
  );
}
