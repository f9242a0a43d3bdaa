/** The cart's notice after "Reorder": which order it repeats and what has changed since, line by line. */
import type { ReorderNote } from "~/domain/orders/reorder-plan";
import { FormMessage } from "~/components/ui/form";

/**
 * The cart after "Reorder": which order it repeats and what changed since, line
 * by line ("Price now £4.20 each, was £4.50", a product left out, a quantity clamped).
 */
export function ReorderNotice({ notice }: { notice: { orderNumber: string; notes: ReorderNote[] } | null }) {
  if (!notice) return null;
  return (
    <div className="mt-4" data-testid="reorder-notice">
      <FormMessage tone="info">
        <span className="block font-semibold">
          Added again from order {notice.orderNumber}, at today's prices. Tick the two confirmations in step 2 for each
          product; a repeat of the approved design skips the proof.
        </span>
        {notice.notes.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {notice.notes.map((note) => (
              <li key={`${note.productId}-${note.text}`}>
                <strong>{note.title}:</strong> {note.text}
              </li>
            ))}
          </ul>
        ) : (
          <span className="block">Nothing has changed since: same products, same prices.</span>
        )}
      </FormMessage>
    </div>
  );
}
