/** A product's tag badges ("Hot", "New", "Sporty", "Low MOQ") on its image. */
const styles: Record<string, string> = {
  Hot: "bg-red-600 text-white",
  New: "bg-brand text-white",
  Sporty: "bg-emerald-700 text-white",
  "Low MOQ": "bg-amber-300 text-ink",
};

export function TagBadges({ tags, className = "" }: { tags: readonly string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label="Tags">
      {tags.map((tag) => (
        <li
          key={tag}
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${styles[tag] ?? "bg-slate-200 text-ink"}`}
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
