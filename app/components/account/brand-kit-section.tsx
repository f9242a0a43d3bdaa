/** The /account/brand-kit page: the logos, brand colours and placement notes that step 2 of the checkout offers. */
import { useId, useRef, useState } from "react";
import { BrandColour } from "~/components/checkout/brand-colour";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { ARTWORK_ACCEPT, ARTWORK_MAX_BYTES, artworkPreCheck, SVG_MAX_BYTES } from "~/domain/artwork/artwork-rules";
import { BRAND_KIT_LIMITS, BRAND_KIT_MESSAGES, type BrandKitView } from "~/domain/artwork/brand-kit";
import { formatFileSize } from "~/domain/core/file-size";
import { buttonClass } from "~/components/ui/button";
import { FormMessage } from "~/components/ui/form";
import { card, h2 } from "./section";

type Reply = {
  intent?: string;
  message?: string;
  values?: { colours: string; placementNotes: string };
  error?: { message: string; fieldErrors?: Record<string, string> };
};

const field = "mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

/** /account/brand-kit: the logos, colours and placement notes step 2 offers. */
export function BrandKitPage({ kit, canEdit, reply }: { kit: BrandKitView; canEdit: boolean; reply?: Reply }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/account" className="text-sm text-muted hover:text-brand">
        ← Your account
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold">Brand kit</h1>
      <p className="mt-1 text-sm text-muted">
        Logos, colours and placement notes for every order: step 2 of the checkout offers them instead of a new upload.
        Everyone in your organisation shares one kit.
      </p>
      {canEdit ? null : <p className="mt-2 text-sm font-semibold">{BRAND_KIT_MESSAGES.readOnly}</p>}
      <div className="mt-8 space-y-8">
        <LogosSection logos={kit.logos} canEdit={canEdit} reply={reply?.intent === "remove" ? reply : undefined} />
        <ColoursSection kit={kit} canEdit={canEdit} reply={reply?.intent === "save" ? reply : undefined} />
      </div>
    </section>
  );
}

function LogosSection({ logos, canEdit, reply }: { logos: BrandKitView["logos"]; canEdit: boolean; reply?: Reply }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const full = logos.length >= BRAND_KIT_LIMITS.logos;

  async function upload(file: File) {
    setMessage(null);
    setStatus(null);
    const refusal = artworkPreCheck(file.name, file.size);
    if (refusal) return setMessage(refusal);
    setBusy(true);
    try {
      const response = await fetch("/api/brand-kit/logos", {
        method: "POST",
        headers: {
          "X-File-Name": encodeURIComponent(file.name),
          "Content-Type": file.type || "application/octet-stream",
        },
        body: file,
      });
      const body = (await response.json()) as { logo?: { name: string }; error?: { message: string } };
      if (!response.ok || !body.logo) return setMessage(body.error?.message ?? "The upload failed. Please try again.");
      setStatus(`${body.logo.name} was added to your brand kit.`);
      await revalidator.revalidate();
    } catch {
      setMessage("The upload failed. Check your connection and try again.");
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <section aria-labelledby="logos-heading" className={card}>
      <h2 id="logos-heading" className={h2}>
        Logos
      </h2>
      <p className="mt-1 text-sm text-muted">
        .PDF, .EPS, .SVG, .PNG or .JPG, up to {formatFileSize(ARTWORK_MAX_BYTES)} each (SVG{" "}
        {formatFileSize(SVG_MAX_BYTES)}); {logos.length} of {BRAND_KIT_LIMITS.logos}.
      </p>
      {logos.length > 0 ? (
        <ul className="mt-4 divide-y divide-slate-200" aria-label="Logos in your brand kit">
          {logos.map((logo) => (
            <li key={logo.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span>
                <strong>{logo.name}</strong> <span className="text-muted">{formatFileSize(logo.size)}</span>
              </span>
              <Form method="post" hidden={!canEdit}>
                <input type="hidden" name="logoId" value={logo.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  className={buttonClass("ghost", "text-red-700")}
                  aria-label={`Remove ${logo.name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm">No logos yet.</p>
      )}
      <div className="mt-4" hidden={!canEdit}>
        <label htmlFor={inputId} className="block text-sm font-semibold">
          Add a logo
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept={ARTWORK_ACCEPT}
          disabled={busy || full}
          className="mt-1 block w-full max-w-full text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        {full ? <p className="mt-1 text-sm text-muted">Your kit is full: remove a logo to add another.</p> : null}
      </div>
      <div className="mt-3 space-y-2" aria-live="polite">
        {message ? <FormMessage>{message}</FormMessage> : null}
        {status ? <FormMessage tone="success">{status}</FormMessage> : null}
        {reply?.error ? <FormMessage>{reply.error.message}</FormMessage> : null}
        {reply?.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
      </div>
    </section>
  );
}

function ColoursSection({ kit, canEdit, reply }: { kit: BrandKitView; canEdit: boolean; reply?: Reply }) {
  const busy = useNavigation().state === "submitting";
  const coloursId = useId();
  const notesId = useId();
  const errors = reply?.error?.fieldErrors ?? {};
  return (
    <section aria-labelledby="colours-heading" className={card}>
      <h2 id="colours-heading" className={h2}>
        Colours and placement
      </h2>
      {kit.colours.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Brand colours">
          {kit.colours.map((hex) => (
            <li key={hex} className="flex items-center gap-1 text-sm">
              <BrandColour hex={hex} />
            </li>
          ))}
        </ul>
      ) : null}
      {canEdit ? null : (
        <p className="mt-3 whitespace-pre-line text-sm">{kit.placementNotes || "No placement notes."}</p>
      )}
      <Form method="post" className="mt-4 space-y-4" key={kit.colours.join() + kit.placementNotes} hidden={!canEdit}>
        <div>
          <label htmlFor={coloursId} className="block text-sm font-semibold">
            Brand colours (hex)
          </label>
          <p className="text-xs text-muted">
            Up to {BRAND_KIT_LIMITS.colours}, separated by commas, like #1F2A56, #F26B12.
          </p>
          <input
            id={coloursId}
            name="colours"
            className={field}
            defaultValue={reply?.values?.colours ?? kit.colours.map((c) => c.toUpperCase()).join(", ")}
            aria-invalid={errors.colours ? true : undefined}
            aria-describedby={errors.colours ? `${coloursId}-error` : undefined}
          />
          {errors.colours ? (
            <p id={`${coloursId}-error`} className="mt-1 text-sm text-red-700">
              {errors.colours}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={notesId} className="block text-sm font-semibold">
            Default placement notes
          </label>
          <textarea
            id={notesId}
            name="placementNotes"
            rows={3}
            className={field}
            defaultValue={reply?.values?.placementNotes ?? kit.placementNotes}
            aria-invalid={errors.placementNotes ? true : undefined}
            aria-describedby={errors.placementNotes ? `${notesId}-error` : undefined}
          />
          {errors.placementNotes ? (
            <p id={`${notesId}-error`} className="mt-1 text-sm text-red-700">
              {errors.placementNotes}
            </p>
          ) : null}
        </div>
        <button type="submit" name="intent" value="save" className={buttonClass("primary")} disabled={busy}>
          Save brand kit
        </button>
        {reply?.message ? <FormMessage tone="success">{reply.message}</FormMessage> : null}
        {reply?.error && !reply.error.fieldErrors ? <FormMessage>{reply.error.message}</FormMessage> : null}
      </Form>
    </section>
  );
}
