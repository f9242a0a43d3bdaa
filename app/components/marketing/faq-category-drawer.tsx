/** The FAQs page's "Browse Categories" drawer on small screens. */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { FAQ_PAGE, type FaqCategory } from "~/content/faqs";
import { ChevronIcon, CrossIcon } from "../ui/icons";
import { buttonClass } from "../ui/button";

/** Small screens' category picker: a 'Browse Categories' drawer (R-FAQ-06). */
export function FaqCategoryDrawer(props: {
  categories: readonly FaqCategory[];
  selected: string;
  onSelect: (slug: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className={buttonClass("secondary", "w-full justify-between")}>
        {FAQ_PAGE.browseCategories}
        <ChevronIcon direction="right" />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content className="fixed inset-y-0 left-0 z-50 w-[min(88vw,22rem)] overflow-y-auto bg-white p-5 shadow-xl">
          <div className="flex items-center justify-between">
            <RadixDialog.Title className="text-lg font-bold">{FAQ_PAGE.browseCategories}</RadixDialog.Title>
            <RadixDialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close categories">
              <CrossIcon className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">Choose a category of questions</RadixDialog.Description>
          <FaqCategoryLinks
            className="mt-4"
            categories={props.categories}
            selected={props.selected}
            onSelect={(slug) => {
              props.onSelect(slug);
              setOpen(false);
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The category list of the sidebar and the drawer. Real links (?category=…) so it works before
 * JavaScript loads; once it has, a click switches category in place.
 */
export function FaqCategoryLinks(props: {
  categories: readonly FaqCategory[];
  selected: string;
  onSelect: (slug: string) => void;
  className?: string;
}) {
  return (
    <ul className={`space-y-1 ${props.className ?? ""}`}>
      {props.categories.map((category) => {
        const current = category.slug === props.selected;
        return (
          <li key={category.slug}>
            <a
              href={`/faqs?category=${category.slug}`}
              aria-current={current ? "true" : undefined}
              onClick={(event) => {
                event.preventDefault();
                props.onSelect(category.slug);
              }}
              className={`flex items-center justify-between rounded-lg px-3 py-2 text-sm font-medium ${
                current ? "bg-brand text-white" : "text-ink hover:bg-brand-soft"
              }`}
            >
              {category.name}
              <span className={`text-xs ${current ? "text-white" : "text-muted"}`}>
                <span className="sr-only">, </span>
                {category.entries.length}
                <span className="sr-only"> questions</span>
              </span>
            </a>
          </li>
        );
      })}
    </ul>
  );
}
