/** A product's colours as a radio group of swatches, each read out by name. */
import type { ColourOption } from "~/catalogue/types";
import { CheckIcon } from "../ui/icons";

/** A radio group of colour swatches; names are read out, hexes only shown. */
export function ColourSwatches(props: {
  colours: readonly ColourOption[];
  value: string | null;
  onChange: (hex: string) => void;
  label: string;
  size?: "sm" | "md";
  className?: string;
}) {
  const dim = props.size === "md" ? "h-9 w-9" : "h-6 w-6";
  return (
    <div role="radiogroup" aria-label={props.label} className={`flex flex-wrap gap-2 ${props.className ?? ""}`}>
      {props.colours.map((colour) => {
        const selected = props.value === colour.hex;
        const light = isLight(colour.hex);
        return (
          <button
            key={colour.hex}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={colour.name}
            title={colour.name}
            onClick={(event) => {
              event.preventDefault();
              event.stopPropagation();
              props.onChange(colour.hex);
            }}
            className={`relative flex ${dim} items-center justify-center rounded-full border ${
              selected ? "ring-2 ring-brand ring-offset-2" : "border-slate-300"
            }`}
            style={{ backgroundColor: colour.hex }}
          >
            {selected ? <CheckIcon className={`h-3.5 w-3.5 ${light ? "text-ink" : "text-white"}`} /> : null}
          </button>
        );
      })}
    </div>
  );
}

function isLight(hex: string) {
  const n = Number.parseInt(hex.replace("#", ""), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 160;
}
