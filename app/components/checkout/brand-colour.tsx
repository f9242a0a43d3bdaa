/** A brand colour as the brand kit and step 2 show it: a swatch and its hex code. */
export function BrandColour({ hex }: { hex: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="inline-block size-4 rounded border border-slate-300"
        style={{ backgroundColor: hex }}
      />
      {hex.toUpperCase()}
    </>
  );
}
