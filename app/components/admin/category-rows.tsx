/**
 * The back office's categories (docs/decisions/068-categories-are-data.md): the form to add one,
 * and a row per category in the operator's order with its products counted, moved up or down by
 * buttons, hidden or shown, renamed, or deleted. Each row answers on its own; a refused form keeps
 * what was typed, with or without JavaScript.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { CATEGORY_MENUS, type CategoryMenu } from "~/catalogue/types";
import { CATEGORY_LIMITS, MENU_LABELS, type ProductCounts } from "~/domain/catalogue/category-rules";
import type { FieldErrors } from "~/domain/core/field-errors";
import { buttonClass } from "../ui/button";
import { Field, FormMessage, SelectField } from "../ui/form";

/** What the page's action answers: what was done, or why not with what was typed. */
export type CategoryReply =
  | { ok: true; intent: string; categoryId: string | null; message: string }
  | {
      error: { code: string; message: string; fieldErrors?: FieldErrors };
      intent: string;
      categoryId: string | null;
      fields: Record<string, string>;
    };

export type CategoryRow = {
  id: string;
  slug: string;
  name: string;
  hidden: boolean;
  menu: CategoryMenu;
  counts: ProductCounts;
};

const small = "px-3 py-1.5 text-xs";

/** The field's error, from a refusal that has one. */
const errorIn = (reply: CategoryReply | undefined, name: string) =>
  reply && "error" in reply ? reply.error.fieldErrors?.[name] : undefined;

/** What was typed into `name`, from a refusal, else the saved value. */
const typedIn = (reply: CategoryReply | undefined, name: string, saved: string) =>
  reply && "error" in reply ? (reply.fields[name] ?? saved) : saved;

/** The reply of the row's own fetcher, or the page's (a form sent without JavaScript) when it is this row's. */
function replyFor(own: CategoryReply | undefined, page: CategoryReply | undefined, categoryId: string | null) {
  return own ?? (page && page.categoryId === categoryId ? page : undefined);
}

function Answer({ reply }: { reply: CategoryReply | undefined }) {
  if (!reply) return null;
  return "error" in reply ? (
    <FormMessage>{reply.error.message}</FormMessage>
  ) : (
    <FormMessage tone="success">{reply.message}</FormMessage>
  );
}

function MenuSelect(props: { defaultValue: CategoryMenu | string; error?: string }) {
  return (
    <SelectField label="Menus" name="menu" defaultValue={props.defaultValue} error={props.error}>
      {CATEGORY_MENUS.map((menu) => (
        <option key={menu} value={menu}>
          {MENU_LABELS[menu]}
        </option>
      ))}
    </SelectField>
  );
}

/** A category's name, URL name and menus, as the add and rename forms ask for them. */
function CategoryFields(props: {
  reply: CategoryReply | undefined;
  saved: { name: string; slug: string; menu: CategoryMenu | string };
  slugHint: string;
}) {
  const { reply, saved } = props;
  return (
    <div className="grid gap-3 md:grid-cols-3 md:items-start">
      <Field
        label="Name"
        name="name"
        required
        maxLength={CATEGORY_LIMITS.name}
        defaultValue={typedIn(reply, "name", saved.name)}
        error={errorIn(reply, "name")}
      />
      <Field
        label="URL name"
        name="slug"
        hint={props.slugHint}
        maxLength={CATEGORY_LIMITS.slug}
        autoCapitalize="none"
        spellCheck={false}
        defaultValue={typedIn(reply, "slug", saved.slug)}
        error={errorIn(reply, "slug")}
      />
      <MenuSelect defaultValue={typedIn(reply, "menu", saved.menu)} error={errorIn(reply, "menu")} />
    </div>
  );
}

/** The form to add a category; emptied once it is added. */
export function AddCategory({ pageReply }: { pageReply: CategoryReply | undefined }) {
  const fetcher = useFetcher<CategoryReply>();
  const reply = replyFor(fetcher.data, pageReply, null);
  const added = reply && "ok" in reply && reply.intent === "create";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.data && "ok" in fetcher.data) formRef.current?.reset();
  }, [fetcher.data]);
  return (
    <section aria-labelledby="add-category" className="mt-6 rounded-xl border border-slate-200 p-4 sm:p-5">
      <h2 id="add-category" className="text-lg font-bold">
        Add a category
      </h2>
      <fetcher.Form ref={formRef} method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value="create" />
        <CategoryFields
          reply={added ? undefined : reply}
          saved={{ name: "", slug: "", menu: "none" }}
          slugHint="Its page's address, /products/…; left empty, it is made from the name."
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass("primary")} disabled={fetcher.state !== "idle"}>
            Add category
          </button>
        </div>
        <div aria-live="polite">
          <Answer reply={reply} />
        </div>
      </fetcher.Form>
    </section>
  );
}

const countsText = (counts: ProductCounts) =>
  `${counts.published} published · ${counts.draft} draft · ${counts.archived} archived`;

/** One category: where it stands, its products, and what staff can do with it. */
export function CategoryItem(props: {
  row: CategoryRow;
  place: number;
  of: number;
  pageReply: CategoryReply | undefined;
}) {
  const { row, place, of } = props;
  const fetcher = useFetcher<CategoryReply>();
  const reply = replyFor(fetcher.data, props.pageReply, row.id);
  const busy = fetcher.state !== "idle";
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const [moved, setMoved] = useState<"up" | "down" | null>(null);
  const renameRefused = reply && "error" in reply && reply.intent === "rename";
  // A moved row is put back in the DOM at its new place, and its buttons were disabled while the move
  // was sent: once the answer is in (busy, then idle again), keyboard focus goes back to the button pressed.
  const sent = useRef(false);
  useEffect(() => {
    if (!moved) return;
    if (busy) {
      sent.current = true;
      return;
    }
    if (!sent.current) return;
    sent.current = false;
    const pressed = moved === "up" ? up.current : down.current;
    const other = moved === "up" ? down.current : up.current;
    (pressed && !pressed.disabled ? pressed : other)?.focus();
    setMoved(null);
  }, [busy, moved]);
  const headingId = `category-${row.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-bold">
            <span className="sr-only">{`${place} of ${of}: `}</span>
            <span aria-hidden="true" className="mr-2 text-muted">
              {place}.
            </span>
            {row.name}
            {row.hidden ? (
              <span className="ml-2 inline-block rounded-full border border-slate-400 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">
                Hidden from buyers
              </span>
            ) : null}
          </h3>
          <p className="mt-1 break-words text-sm text-muted">
            {row.hidden ? (
              `/products/${row.slug}`
            ) : (
              <Link to={`/products/${row.slug}`} className="text-brand underline-offset-2 hover:underline">
                /products/{row.slug}
              </Link>
            )}
            {" · "}
            {MENU_LABELS[row.menu]}
          </p>
          <p className="mt-1 text-sm">
            <Link
              to={`/admin/products?category=${encodeURIComponent(row.name)}`}
              className="text-brand underline-offset-2 hover:underline"
            >
              {countsText(row.counts)}
            </Link>
          </p>
        </div>
        <fetcher.Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="categoryId" value={row.id} />
          <input type="hidden" name="intent" value="move" />
          <button
            ref={up}
            type="submit"
            name="direction"
            value="up"
            onClick={() => setMoved("up")}
            disabled={busy || place === 1}
            aria-label={`Move up: ${row.name}`}
            className={buttonClass("secondary", small)}
          >
            Move up
          </button>
          <button
            ref={down}
            type="submit"
            name="direction"
            value="down"
            onClick={() => setMoved("down")}
            disabled={busy || place === of}
            aria-label={`Move down: ${row.name}`}
            className={buttonClass("secondary", small)}
          >
            Move down
          </button>
        </fetcher.Form>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <fetcher.Form method="post">
          <input type="hidden" name="categoryId" value={row.id} />
          <button
            type="submit"
            name="intent"
            value={row.hidden ? "show" : "hide"}
            disabled={busy}
            aria-label={`${row.hidden ? "Show to buyers" : "Hide from buyers"}: ${row.name}`}
            className={buttonClass("secondary", small)}
          >
            {row.hidden ? "Show to buyers" : "Hide from buyers"}
          </button>
        </fetcher.Form>
        <fetcher.Form method="post">
          <input type="hidden" name="categoryId" value={row.id} />
          <button
            type="submit"
            name="intent"
            value="delete"
            disabled={busy}
            aria-label={`Delete: ${row.name}`}
            className={buttonClass("ghost", `${small} text-red-700`)}
          >
            Delete
          </button>
        </fetcher.Form>
      </div>
      <details className="mt-3" open={renameRefused || undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-brand">Rename or change its address</summary>
        <fetcher.Form method="post" className="mt-3 grid gap-3">
          <input type="hidden" name="categoryId" value={row.id} />
          <input type="hidden" name="intent" value="rename" />
          <CategoryFields
            reply={renameRefused ? reply : undefined}
            saved={row}
            slugHint="Kept when you rename it. Changed, the old address sends buyers to the new one."
          />
          <div>
            <button type="submit" disabled={busy} className={buttonClass("primary", small)}>
              Save {row.name}
            </button>
          </div>
        </fetcher.Form>
      </details>
      <div aria-live="polite" className="mt-3 empty:hidden">
        <Answer reply={reply} />
      </div>
    </li>
  );
}
