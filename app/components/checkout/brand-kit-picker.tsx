/** Step 2's artwork choices: a logo from another line of the cart or from the brand kit, or a new upload. */
import { useState } from "react";
import { BrandColour } from "~/components/checkout/brand-colour";
import { Link } from "react-router";
import { useLineProducts } from "../product/line-products";
import { type BrandKitView, withPlacementNotes } from "~/domain/artwork/brand-kit";
import type { OtherLineLogo } from "~/domain/checkout/cart-checkout";
import type { ArtworkFileEntry } from "~/domain/checkout/draft";
import { formatFileSize } from "~/domain/core/file-size";
import { ArtworkUpload } from "./artwork-upload";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

type UploadProps = Parameters<typeof ArtworkUpload>[0];

/**
 * Step 2's artwork (decision 035): a logo already on another line of the cart (docs/decisions/044-raster-and-svg-artwork.md)
 * or from the brand kit instead of a new upload — picking one copies it into the line's draft
 * exactly as an upload would (POST /api/drafts/:id/line-artwork or …/brand-logo) — or the upload
 * itself; the kit's placement notes and colours are a click away.
 */
export function ArtworkChoices(
  props: UploadProps & {
    kit: BrandKitView;
    otherLines: OtherLineLogo[];
    placement: string;
    onPlacement: (text: string) => void;
  },
) {
  const { kit, otherLines, placement, onPlacement, ...upload } = props;
  return (
    <div className="space-y-4">
      <OtherLinesPicker logos={otherLines} upload={upload} />
      <BrandKitPicker kit={kit} upload={upload} placement={placement} onPlacement={onPlacement} />
      <ArtworkUpload {...upload} />
    </div>
  );
}

/**
 * Copying a file into the line's draft through one of the copy endpoints (the brand kit's, or
 * another line's), then handing the draft's files and version to the upload's owner.
 */
function useCopyIntoDraft(upload: UploadProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  async function copy(path: string, body: Record<string, string>, added: string) {
    setMessage(null);
    setStatus(null);
    setBusy(true);
    try {
      await upload.alongside(async (draftId) => {
        if (!draftId) return setMessage("Please wait for your choices to save, then try again.");
        const response = await fetch(`/api/drafts/${draftId}/${path}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as {
          files?: ArtworkFileEntry[];
          version?: number;
          error?: { message: string };
        };
        if (!response.ok || !answer.files || answer.version === undefined)
          return setMessage(answer.error?.message ?? "That logo could not be added. Please try again.");
        upload.onFiles(answer.files, answer.version);
        setStatus(added);
      });
    } catch {
      setMessage("That logo could not be added. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }
  const taken = new Set(upload.files.map((file) => file.name));
  const feedback = (
    <div className="mt-2 space-y-2" aria-live="polite">
      {message ? <FormMessage>{message}</FormMessage> : null}
      {status ? <FormMessage tone="success">{status}</FormMessage> : null}
    </div>
  );
  return { busy, copy, taken, feedback };
}

/** "Logos on your other lines": a file already uploaded to another line, used here without uploading it again. */
function OtherLinesPicker({ logos, upload }: { logos: OtherLineLogo[]; upload: UploadProps }) {
  const { busy, copy, taken, feedback } = useCopyIntoDraft(upload);
  const products = useLineProducts();
  if (logos.length === 0) return null;
  return (
    <section aria-labelledby="other-lines-heading" className="rounded-xl border border-slate-200 p-4">
      <h3 id="other-lines-heading" className="font-bold">
        Logos on your other lines
      </h3>
      <p className="mt-1 text-sm text-muted">Use the same file here: we check it again for this product.</p>
      <ul className="mt-2 space-y-2" aria-label="Logos on your other lines">
        {logos.map((logo) => {
          const from = products(logo.productId)?.title ?? "another line";
          return (
            <li key={logo.fileId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <strong>{logo.name}</strong>{" "}
                <span className="text-muted">
                  {formatFileSize(logo.size)} · on your {from}
                </span>
              </span>
              <button
                type="button"
                className={buttonClass("secondary")}
                disabled={busy || taken.has(logo.name)}
                onClick={() =>
                  void copy(
                    "line-artwork",
                    { from_draft_id: logo.draftId, file_id: logo.fileId },
                    `${logo.name} from your ${from} was added.`,
                  )
                }
                aria-label={`Use ${logo.name} from your ${from}`}
              >
                {taken.has(logo.name) ? "Added" : "Use this logo"}
              </button>
            </li>
          );
        })}
      </ul>
      {feedback}
    </section>
  );
}

function BrandKitPicker({
  kit,
  upload,
  placement,
  onPlacement,
}: {
  kit: BrandKitView;
  upload: UploadProps;
  placement: string;
  onPlacement: (text: string) => void;
}) {
  const { busy, copy, taken, feedback } = useCopyIntoDraft(upload);
  const empty = kit.logos.length === 0 && kit.colours.length === 0 && kit.placementNotes === "";
  if (empty) {
    return (
      <p className="text-sm text-muted">
        Order often? Keep your logos, colours and placement notes in your{" "}
        <Link to="/account/brand-kit" className="font-semibold text-brand underline underline-offset-2">
          brand kit
        </Link>
        .
      </p>
    );
  }

  const pick = (logo: BrandKitView["logos"][number]) =>
    copy("brand-logo", { logo_id: logo.id }, `${logo.name} from your brand kit was added.`);

  return (
    <section
      aria-labelledby="brand-kit-heading"
      className="rounded-xl border border-slate-200 p-4"
      data-testid="brand-kit"
    >
      <h3 id="brand-kit-heading" className="font-bold">
        From your brand kit
      </h3>
      {kit.logos.length > 0 ? (
        <ul className="mt-2 space-y-2" aria-label="Logos in your brand kit">
          {kit.logos.map((logo) => (
            <li key={logo.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <strong>{logo.name}</strong> <span className="text-muted">{formatFileSize(logo.size)}</span>
              </span>
              <button
                type="button"
                className={buttonClass("secondary")}
                disabled={busy || taken.has(logo.name)}
                onClick={() => void pick(logo)}
                aria-label={`Use ${logo.name}`}
              >
                {taken.has(logo.name) ? "Added" : "Use this logo"}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {kit.colours.length > 0 ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-semibold">Brand colours:</span>
          {kit.colours.map((hex) => (
            <span key={hex} className="inline-flex items-center gap-1">
              <BrandColour hex={hex} />
            </span>
          ))}
        </p>
      ) : null}
      {kit.placementNotes ? (
        <div className="mt-3 text-sm">
          <p>
            <span className="font-semibold">Placement notes:</span> {kit.placementNotes}
          </p>
          <button
            type="button"
            className={buttonClass("ghost", "mt-1 px-0")}
            onClick={() => onPlacement(withPlacementNotes(placement, kit.placementNotes))}
            disabled={placement.includes(kit.placementNotes)}
          >
            Use these placement notes
          </button>
        </div>
      ) : null}
      {feedback}
    </section>
  );
}
