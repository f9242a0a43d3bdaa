/** The parts of the back office's tables: a sideways-scrolling frame, the header row and the page links. */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass } from "../ui/button";

/**
 * The frame around a back-office table: it scrolls sideways on a phone, and is focusable so a
 * keyboard user can scroll it too (WCAG 2.1.1); `label` names the region.
 */
export function TableFrame(props: { label: string; className: string; children: ReactNode }) {
  return (
    <div
      className={`${props.className} overflow-x-auto rounded-xl border border-slate-200`}
      tabIndex={0}
      role="region"
      aria-label={props.label}
    >
      {props.children}
    </div>
  );
}

/** A back-office table's header row: one column heading a name, the last one styled apart if asked. */
export function HeaderRow(props: { columns: readonly string[]; cellClass: string; lastClass?: string }) {
  const last = props.columns.length - 1;
  return (
    <tr>
      {props.columns.map((column, index) => (
        <th key={column} scope="col" className={index === last && props.lastClass ? props.lastClass : props.cellClass}>
          {column}
        </th>
      ))}
    </tr>
  );
}

/** Previous and next links around "Page N of M"; nothing when everything fits on one page. */
export function Pager(props: { page: number; pageCount: number; href: (page: number) => string }) {
  const { page, pageCount } = props;
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={props.href(page - 1)} className={buttonClass("secondary")}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={props.href(page + 1)} className={buttonClass("secondary")}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
