/** One proof version as the person answering it sees it: the picture, the file and what it must match. */
import type { ProofFacts } from "~/domain/orders/proof-facts";

const term = "text-muted";

/**
 * One proof version as whoever answers it sees it (decision 038): the picture itself (an image
 * proof as it is, a PDF by the picture of its page one when there is one), the file, and what it
 * must match: quantity, colour, sizes, branding, placement and the studio's note. The buyer's
 * order page and a colleague's share-link page both show this, so they say the same.
 */
export function ProofView(props: {
  title: string;
  version: number;
  originalName: string;
  /** The proof file, served with the page's own access checks. */
  fileUrl: string;
  /** What to show inline: the image proof itself or a PDF's page-one picture; null when there is none. */
  pictureUrl: string | null;
  facts: ProofFacts;
}) {
  const { facts } = props;
  return (
    <div className="rounded-2xl border border-slate-200 p-4" data-testid="proof-view">
      {props.pictureUrl ? (
        <img
          src={props.pictureUrl}
          alt={`Proof version ${props.version} of ${props.title}`}
          className="mx-auto max-h-[32rem] w-auto max-w-full"
        />
      ) : (
        <p className="text-sm text-muted">We can't show this proof here: open it to see it.</p>
      )}
      <p className="mt-3 text-sm">
        <a href={props.fileUrl} className="break-all font-semibold text-brand underline underline-offset-2">
          Open the proof: {props.originalName}
        </a>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm" aria-label="What the proof must match">
        <dt className={term}>Quantity</dt>
        <dd>{facts.quantity.toLocaleString("en-GB")}</dd>
        <dt className={term}>Colour</dt>
        <dd className="flex items-center gap-2">
          {facts.colour ? (
            <>
              <span
                aria-hidden="true"
                className="h-3 w-3 rounded-full border border-slate-300"
                style={{ background: facts.colour.hex }}
              />
              {facts.colour.name}
            </>
          ) : (
            "Not chosen"
          )}
        </dd>
        {facts.sizes ? (
          <>
            <dt className={term}>Sizes</dt>
            <dd>{facts.sizes}</dd>
          </>
        ) : null}
        <dt className={term}>Branding</dt>
        <dd>{facts.branding}</dd>
        <dt className={term}>Placement</dt>
        <dd className="break-words">{facts.placement}</dd>
        {facts.note ? (
          <>
            <dt className={term}>Studio's note</dt>
            <dd className="whitespace-pre-line break-words" data-testid="proof-note">
              {facts.note}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
