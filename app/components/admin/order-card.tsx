/**
 * The building blocks of the back-office order page: a titled card, label and value facts, lines of
 * text, file sizes and London times.
 */
import type { ReactNode } from "react";
import { formatLondonDateTime } from "~/domain/core/dates";
import { FormMessage } from "~/components/ui/form";

/** One titled card of the back office's order page. */
export function Card(props: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section
      className={`rounded-2xl border border-slate-200 p-5${props.className ? ` ${props.className}` : ""}`}
      aria-labelledby={props.id}
    >
      <h2 id={props.id} className="text-lg font-bold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
}

/** Label and value pairs; an empty value shows as a dash. */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="mt-3 grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-words">{value === "" || value === null || value === undefined ? "—" : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Lines({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <>—</>;
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

/** One way to show a file's size, for buyers and staff alike. */
export { formatFileSize as fileSize } from "~/domain/core/file-size";

export const londonTime = (at: Date | string) => formatLondonDateTime(new Date(at));

/** What a card's form answered, above the card's contents: nothing until it has posted. */
export function CardReply({ result }: { result?: { ok: boolean; message: string } }) {
  if (!result) return null;
  return (
    <div className="mt-3">
      <FormMessage tone={result.ok ? "success" : "error"}>{result.message}</FormMessage>
    </div>
  );
}
