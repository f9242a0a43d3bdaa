/**
 * The FAQs page's "Browse Categories" drawer on small screens (R-FAQ-06): open while mounted, its code
 * (Radix's dialog) fetched when the visitor first taps the button (faq-browser.tsx).
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { FAQ_PAGE, type FaqCategory } from "~/content/faqs";
import { CrossIcon } from "../ui/icons";
import { useReturnFocusOnClose } from "../ui/dialog";
import { FaqCategoryLinks } from "./faq-category-links";

export default function FaqCategoryDrawer(props: {
  categories: readonly FaqCategory[];
  selected: string;
  onSelect: (slug: string) => void;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocusOnClose();
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-y-0 left-0 z-50 w-[min(88vw,22rem)] overflow-y-auto bg-white p-5 shadow-xl"
        >
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
              props.onClose();
            }}
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
