/** The product image full size in a modal, fetched on the first zoom. */
import * as RadixDialog from "@radix-ui/react-dialog";
import type { ProductImage } from "~/catalogue/types";
import { CrossIcon } from "../ui/icons";
import { useReturnFocusOnClose } from "../ui/dialog";

/** The product image full size in a modal (R-PDP-01), shown while mounted. */
export default function ProductZoom(props: { image: ProductImage; title: string; onClose: () => void }) {
  const returnFocus = useReturnFocusOnClose();
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/80" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed inset-4 z-50 flex items-center justify-center"
        >
          <RadixDialog.Title className="sr-only">{props.title}: zoomed image</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">{props.image.alt}</RadixDialog.Description>
          <img
            src={props.image.full}
            alt={props.image.alt}
            width={800}
            height={800}
            className="max-h-full max-w-full rounded-2xl bg-white object-contain"
          />
          <RadixDialog.Close
            aria-label="Close zoom"
            className="absolute right-2 top-2 rounded-full bg-white p-2 shadow"
          >
            <CrossIcon className="h-5 w-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
