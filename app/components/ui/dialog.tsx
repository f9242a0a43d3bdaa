/**
 * Our modal dialog, with a title, a description and a close button, that gives focus back to its
 * opener when closed.
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";

/**
 * Our dialogs are loaded when first opened and mounted only while open, so Radix never sees a
 * Dialog.Trigger: this hands focus back to whatever opened the dialog when it closes.
 */
export function useReturnFocusOnClose(): (event: Event) => void {
  const [opener] = useState(() => (typeof document === "undefined" ? null : document.activeElement));
  return (event) => {
    event.preventDefault();
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
}

/** A centred modal dialog with a title, a description and a close button, shown while mounted. */
export function Dialog(props: { onClose: () => void; title: string; description?: ReactNode; children?: ReactNode }) {
  const returnFocus = useReturnFocusOnClose();
  return (
    <RadixDialog.Root open onOpenChange={(open) => open || props.onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl"
        >
          <RadixDialog.Title className="text-lg font-bold">{props.title}</RadixDialog.Title>
          {props.description ? (
            <RadixDialog.Description className="mt-2 text-sm text-muted">{props.description}</RadixDialog.Description>
          ) : null}
          {props.children}
          <RadixDialog.Close
            className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-slate-100"
            aria-label="Close"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
