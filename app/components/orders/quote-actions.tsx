/** "Download quote" and "Request a custom quote" under the cart or the shopping list. */
import { Form, Link } from "react-router";
import { QUOTE_VALIDITY } from "~/content/quote-validity";
import { buttonClass } from "../ui/button";

/**
 * "Download quote" and "Request a custom quote" (decision 021) under a cart or a shopping list.
 * The download is a plain form post (reloadDocument): /quotes makes the quote and answers with its
 * PDF, which the browser saves while the page stays as it is, with or without JavaScript.
 */
export function QuoteActions({ source }: { source: "cart" | "list" }) {
  return (
    <section className="rounded-2xl border border-slate-200 p-5" aria-labelledby={`quote-${source}-heading`}>
      <h2 id={`quote-${source}-heading`} className="text-lg font-bold">
        Need a quote first?
      </h2>
      <p className="mt-1 text-sm text-muted">
        A numbered PDF quote of this {source === "cart" ? "cart" : "list"}, kept under Quotes in your account.{" "}
        {QUOTE_VALIDITY}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action="/quotes" reloadDocument>
          <input type="hidden" name="source" value={source} />
          <button type="submit" name="intent" value="create" className={buttonClass("secondary")}>
            Download quote
          </button>
        </Form>
        <Link to="/quotes#custom-quote" className={buttonClass("ghost")}>
          Request a custom quote
        </Link>
      </div>
    </section>
  );
}
