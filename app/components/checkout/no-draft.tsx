/** What a checkout step shows when it has no draft ("No draft found."), and a step's "Still needed:" line. */
import { Link } from "react-router";
import { buttonClass } from "../ui/button";

/** A checkout step opened without a draft (SPEC.md §8: 'No draft found.'). */
export function NoDraft({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold">{title}</h1>
      <p className="mt-3 text-muted">No draft found.</p>
      <Link to="/cart" className={buttonClass("primary", "mt-8")}>
        Back to Cart
      </Link>
    </section>
  );
}

/** Labels of required fields, for the "still needed" summary under a step's Next button. */
export function MissingSummary({ labels }: { labels: string[] }) {
  if (labels.length === 0) return null;
  return (
    <p aria-live="polite" className="text-sm text-muted">
      Still needed: {labels.join(", ")}.
    </p>
  );
}
