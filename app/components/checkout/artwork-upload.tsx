/**
 * Step 2's artwork upload: choose files, see each one checked and listed, remove one, or send the
 * artwork by e-mail later.
 */
import { useId, useRef, useState } from "react";
import type { ArtworkFileEntry } from "~/domain/checkout/draft";
import { ARTWORK_ACCEPT, ARTWORK_TOOLTIP, artworkPreCheck } from "~/domain/artwork/artwork-rules";
import { formatFileSize } from "~/domain/core/file-size";
import type { ArtworkChoice } from "~/domain/checkout/artwork-preflight";
import { ArtworkCheck } from "./artwork-check";
import { useBusiness } from "../ui/root-data";
import { buttonClass } from "../ui/button";
import { InfoTooltip } from "../ui/tooltip";

/**
 * Artwork for the draft: .EPS, .PDF, .SVG, .PNG or .JPG (docs/decisions/044-raster-and-svg-artwork.md), checked here for a quick answer and by
 * the server on the bytes, whose preflight (decision 027) each file shows with page one; files are
 * listed with their size and can be removed. A file uploaded
 * again under the same name replaces the earlier one, and the page says so.
 */
export function ArtworkUpload(props: {
  /** Runs a request on the draft between its autosaves (`useDraftAutosave().alongside`). */
  alongside: <T>(task: (draftId: string | null) => Promise<T>) => Promise<T>;
  files: ArtworkFileEntry[];
  onFiles: (files: ArtworkFileEntry[], version: number) => void;
  /** Where the line's artwork prints, which each file is checked against (decision 027). */
  choice: ArtworkChoice;
  emailLater: boolean;
  onEmailLater: (value: boolean) => void;
}) {
  const business = useBusiness();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function upload(file: File) {
    setMessage(null);
    setStatus(null);
    const refusal = artworkPreCheck(file.name, file.size);
    if (refusal) return setMessage(refusal);
    setBusy(true);
    try {
      await props.alongside(async (draftId) => {
        if (!draftId) return setMessage("Please wait for your choices to save, then try again.");
        const response = await fetch(`/api/drafts/${draftId}/artwork`, {
          method: "POST",
          headers: {
            "X-File-Name": encodeURIComponent(file.name),
            "Content-Type": file.type || "application/octet-stream",
          },
          body: file,
        });
        const body = (await response.json()) as {
          file?: ArtworkFileEntry;
          files?: ArtworkFileEntry[];
          version?: number;
          error?: { message: string };
        };
        if (!response.ok || !body.file || !body.files || body.version === undefined)
          return setMessage(body.error?.message ?? "The upload failed. Please try again.");
        const name = body.file.name;
        const replaced = props.files.some((f) => f.name === name);
        props.onFiles(body.files, body.version);
        setStatus(replaced ? `${name} was replaced with the file you just uploaded.` : `${name} was uploaded.`);
      });
    } catch {
      setMessage("The upload failed. Check your connection and try again.");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  async function remove(file: ArtworkFileEntry) {
    setMessage(null);
    setStatus(null);
    try {
      await props.alongside(async (draftId) => {
        const response = await fetch(`/api/artwork/${file.id}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ draft_id: draftId }),
        });
        const body = (await response.json()) as { version?: number; error?: { message: string } };
        if (!response.ok || body.version === undefined)
          return setMessage(body.error?.message ?? "Couldn't remove that file.");
        props.onFiles(
          props.files.filter((f) => f.id !== file.id),
          body.version,
        );
      });
    } catch {
      setMessage("Couldn't remove that file. Check your connection and try again.");
    }
  }

  async function acceptWarnings(file: ArtworkFileEntry, codes: string[]) {
    setMessage(null);
    try {
      await props.alongside(async (draftId) => {
        const response = await fetch(`/api/artwork/${file.id}/use-anyway`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ draft_id: draftId, codes }),
        });
        const body = (await response.json()) as {
          files?: ArtworkFileEntry[];
          version?: number;
          error?: { message: string };
        };
        if (!response.ok || !body.files || body.version === undefined)
          return setMessage(body.error?.message ?? "Couldn't record your answer. Please try again.");
        props.onFiles(body.files, body.version);
      });
    } catch {
      setMessage("Couldn't record your answer. Check your connection and try again.");
    }
  }

  return (
    <fieldset>
      <legend className="flex items-center gap-2 text-lg font-bold">
        Artwork <InfoTooltip label="Which files?" content={ARTWORK_TOOLTIP} />
      </legend>
      <p className="text-sm text-muted">
        Vector artwork prints sharpest. Up to 50 MB per file (SVG 10 MB); a file with the same name replaces the earlier
        one.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ARTWORK_ACCEPT}
          className="peer sr-only"
          disabled={busy}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        {/* The input is visually hidden, so its label (drawn as the button) shows the keyboard focus. */}
        <label
          htmlFor={inputId}
          className={buttonClass(
            "secondary",
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          {busy ? "Uploading…" : "Upload artwork (.EPS, .PDF, .SVG, .PNG or .JPG)"}
        </label>
      </div>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {message}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-muted empty:hidden">
        {status}
      </p>
      {props.files.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Uploaded artwork">
          {props.files.map((file) => (
            <li key={file.id} className="space-y-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-3">
                <a href={`/api/artwork/${file.id}`} className="min-w-0 break-all font-medium text-brand underline">
                  {file.name}
                </a>
                <span className="shrink-0 text-muted">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  className={buttonClass("ghost", "px-2 py-1")}
                  onClick={() => void remove(file)}
                  aria-label={`Remove ${file.name}`}
                >
                  Remove
                </button>
              </div>
              <ArtworkCheck file={file} choice={props.choice} onUseAnyway={(codes) => acceptWarnings(file, codes)} />
            </li>
          ))}
        </ul>
      ) : null}
      <label className="mt-3 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="accent-brand"
          checked={props.emailLater}
          onChange={(e) => props.onEmailLater(e.target.checked)}
        />
        I'll e-mail my artwork later to {business.supportEmail}
      </label>
    </fieldset>
  );
}
