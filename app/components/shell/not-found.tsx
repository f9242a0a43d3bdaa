/** The not-found (404) page, with the way back home and to the products. */
import { Link } from "react-router";
import { buttonClass } from "../ui/button";

/** SPEC.md §2 "Other pages": the not-found page. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-brand">404</p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">Oops! This page went on a merch run</h1>
      <p className="mt-3 text-muted">The page you asked for isn't here. Try the shop instead.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass("primary")}>
          Back to home
        </Link>
        <Link to="/products" className={buttonClass("secondary")}>
          Browse products
        </Link>
      </div>
    </section>
  );
}
