/** Class names for the site's buttons and button-styled links. */
const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50";

const variants = {
  primary: "bg-brand text-white hover:bg-brand-dark",
  secondary: "border border-brand text-brand bg-white hover:bg-brand-soft",
  ghost: "text-ink hover:bg-slate-100",
} as const;

export function buttonClass(variant: keyof typeof variants = "primary", extra = "") {
  return `${base} ${variants[variant]} ${extra}`.trim();
}
