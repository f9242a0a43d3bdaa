/** The size breakdown of a sized product: a box per size and the running total against the quantity. */
import { useState } from "react";
import type { Product } from "~/catalogue/types";
import { type SizeCount, offeredSizes, sizesMismatch, sizesTotal } from "~/domain/pricing/sizes";

/**
 * The size breakdown of a sized product: one labelled whole-number box per size
 * of its sizing table, the running total against the quantity, and the mismatch said in words.
 * What the buyer types stays in the box; only whole numbers reach `onChange`.
 */
export function SizeGrid(props: {
  product: Pick<Product, "title" | "sizingTable">;
  sizes: readonly SizeCount[];
  quantity: number;
  onChange: (sizes: SizeCount[]) => void;
  /** On the product page the split may wait for checkout: an empty grid is no mismatch there. */
  optional?: boolean;
}) {
  const sizes = offeredSizes(props.product);
  const counts = new Map(props.sizes.map((entry) => [entry.size, entry.count]));
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(sizes.map((size) => [size, String(counts.get(size) ?? "")])),
  );
  if (sizes.length === 0) return null;
  const total = sizesTotal(props.sizes);
  const waiting = props.optional && total === 0;
  const mismatch = waiting ? null : sizesMismatch(props.product, props.sizes, props.quantity);
  const change = (size: string, text: string) => {
    setTyped((current) => ({ ...current, [size]: text }));
    const trimmed = text.trim();
    if (trimmed !== "" && !/^\d+$/.test(trimmed)) return;
    const next = new Map(counts);
    next.set(size, trimmed === "" ? 0 : Number(trimmed));
    props.onChange(sizes.filter((s) => (next.get(s) ?? 0) > 0).map((s) => ({ size: s, count: next.get(s) ?? 0 })));
  };
  return (
    <fieldset aria-describedby="sizes-total" data-testid="size-grid">
      <legend className="text-lg font-bold">Sizes</legend>
      <p className="text-sm text-muted">
        Split your {props.quantity.toLocaleString("en-GB")} across the sizes; the counts must add up to the quantity.
        {props.optional ? " You can also leave this for checkout." : null}
      </p>
      <div className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-6">
        {sizes.map((size) => {
          const text = typed[size] ?? "";
          const invalid = text.trim() !== "" && !/^\d+$/.test(text.trim());
          return (
            <div key={size}>
              <label htmlFor={`size-${size}`} className="block text-sm font-medium">
                {size}
              </label>
              <input
                id={`size-${size}`}
                inputMode="numeric"
                value={text}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? `size-${size}-error` : undefined}
                onChange={(e) => change(size, e.target.value)}
                className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
              />
              {invalid ? (
                <p id={`size-${size}-error`} className="mt-1 text-xs text-red-700">
                  Whole number
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <p id="sizes-total" aria-live="polite" className={mismatch ? "mt-2 text-sm text-red-700" : "mt-2 text-sm"}>
        {waiting
          ? "No sizes yet: you'll split them at checkout."
          : (mismatch ?? `Sizes add up to ${total.toLocaleString("en-GB")}, matching the quantity.`)}
      </p>
    </fieldset>
  );
}
