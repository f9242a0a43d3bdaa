import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** A centred modal dialog with a title, a description and a close button. */
export function Dialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <RadixDialog.Title className="text-lg font-bold">{props.title}</RadixDialog.Title>
          {props.description ? (
            <RadixDialog.Description className="mt-2 text-sm text-muted">
              {props.description}
            </RadixDialog.Description>
          ) : null}
          {props.children}
          <RadixDialog.Close
            className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-slate-100"
            aria-label="Close"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
