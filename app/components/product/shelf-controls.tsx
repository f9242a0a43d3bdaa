/**
 * The listing's filters and pages (docs/decisions/067-catalogue-search.md): what swag buyers narrow a
 * catalogue by (a colour the matches come in, a branding method they offer, a minimum order, a lead
 * time, a price per unit at a quantity), each in the page's address, and the links between pages.
 * With JavaScript a choice applies at once; without it, the form's Apply button sends them all.
 */
import { Link } from "react-router";
import { LEAD_WEEK_CHOICES, MOQ_CHOICES, type ShelfQuery, isFiltered } from "~/domain/catalogue/shelf-query";
import { BRANDING_METHODS, type BrandingMethod } from "~/domain/pricing/checkout";

type Facets = {
  colours: { name: string; count: number }[];
  methods: { method: BrandingMethod; count: number }[];
};

const control = "w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";
const label = "mb-1 block text-sm font-medium";

export function ShelfFilterFields(props: {
  query: ShelfQuery;
  facets: Facets;
  onChange: (name: string, value: string) => void;
}) {
  const { query, facets, onChange } = props;
  const colours = facets.colours.some((c) => c.name.toLowerCase() === query.colour?.toLowerCase())
    ? facets.colours
    : query.colour
      ? [{ name: query.colour, count: 0 }, ...facets.colours]
      : facets.colours;
  const select = (name: string, value: string, text: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`shelf-${name}`} className={label}>
        {text}
      </label>
      <select
        id={`shelf-${name}`}
        name={name}
        value={value}
        onChange={(e) => onChange(name, e.target.value)}
        className={control}
      >
        {options.map(([option, words]) => (
          <option key={option} value={option}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <details className="basis-full rounded-xl border border-slate-200 p-4" open={isFiltered(query) || undefined}>
      <summary className="cursor-pointer text-sm font-semibold">Filters</summary>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {select(
          "colour",
          colours.find((c) => c.name.toLowerCase() === query.colour?.toLowerCase())?.name ?? "",
          "Colour",
          [["", "Any colour"], ...colours.map((c): [string, string] => [c.name, `${c.name} (${c.count})`])],
        )}
        {select("method", query.method ?? "", "Branding", [
          ["", "Any method"],
          ...facets.methods.map((m): [string, string] => [m.method, `${BRANDING_METHODS[m.method]} (${m.count})`]),
        ])}
        {select("moq", query.moqMax ? String(query.moqMax) : "", "Minimum order", [
          ["", "Any"],
          ...MOQ_CHOICES.map((n): [string, string] => [String(n), `${n} units or fewer`]),
        ])}
        {select("lead", query.leadWeeksMax ? String(query.leadWeeksMax) : "", "Lead time", [
          ["", "Any"],
          ...LEAD_WEEK_CHOICES.map((n): [string, string] => [String(n), `${n} ${n === 1 ? "week" : "weeks"} or less`]),
        ])}
        <fieldset>
          <legend className={label}>Price per unit</legend>
          <div className="flex gap-2">
            <label className="sr-only" htmlFor="shelf-qty">
              For how many units
            </label>
            <input
              id="shelf-qty"
              name="qty"
              inputMode="numeric"
              placeholder="Units"
              maxLength={7}
              defaultValue={query.priceAt?.quantity ?? ""}
              onBlur={(e) => onChange("qty", e.target.value.trim())}
              className={control}
            />
            <label className="sr-only" htmlFor="shelf-price">
              At most, in pounds
            </label>
            <input
              id="shelf-price"
              name="price"
              inputMode="decimal"
              placeholder="Max £"
              maxLength={9}
              defaultValue={query.priceAt ? (query.priceAt.maxPence / 100).toFixed(2) : ""}
              onBlur={(e) => onChange("price", e.target.value.trim())}
              className={control}
            />
          </div>
        </fieldset>
      </div>
    </details>
  );
}

/** Links to the page before and after, keeping the search and filters; none when one page holds all. */
export function ShelfPager(props: { page: number; pages: number; params: URLSearchParams }) {
  const { page, pages, params } = props;
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(params);
    if (n === 1) next.delete("page");
    else next.set("page", String(n));
    const qs = next.toString();
    return qs ? `?${qs}` : "?";
  };
  const link = "rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium hover:border-brand";
  return (
    <nav aria-label="Pages" className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      ) : null}
      <span className="text-sm text-muted">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
