/**
 * A product's pictures in its editor (docs/decisions/066-catalogue-is-data.md): the gallery in the
 * order buyers see it (the first is the card's), each with what it shows and a button to remove
 * it, and a form to add one at the end: the file, its description and the colour it shows.
 */
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { PICTURE_ALT_MAX } from "~/domain/catalogue/picture-rules";
import type { ErrorBody } from "~/domain/core/api-errors";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

type Picture = { position: number; alt: string; colour: string | null; src: string | null };

const input = "mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm";

export function ProductPictures(props: {
  productId: string;
  version: number;
  pictures: readonly Picture[];
  colours: readonly string[];
}) {
  const upload = useFetcher<ErrorBody>();
  const change = useFetcher<ErrorBody | { ok: true }>();
  const uploadError = upload.data && "error" in upload.data ? upload.data.error : undefined;
  const changeError = change.data && "error" in change.data ? change.data.error.message : undefined;
  const busy = upload.state !== "idle";
  // A picture added empties the form for the next one; a refused upload keeps what was chosen.
  const [formKey, setFormKey] = useState(0);
  const shown = useRef(props.pictures.length);
  useEffect(() => {
    if (props.pictures.length > shown.current) setFormKey((key) => key + 1);
    shown.current = props.pictures.length;
  }, [props.pictures.length]);
  return (
    <section aria-labelledby="product-pictures" className="mt-12 max-w-3xl">
      <h2 id="product-pictures" className="text-xl font-bold">
        Pictures
      </h2>
      <p className="mt-1 text-sm text-muted">
        Buyers see them in this order; the first is the one on the product's card. To replace a picture, add the new
        one, move it earlier, then remove the old.
      </p>
      {changeError ? (
        <div className="mt-3">
          <FormMessage>{changeError}</FormMessage>
        </div>
      ) : null}
      {props.pictures.length === 0 ? (
        <p className="mt-3 text-sm">No pictures yet: buyers see a plain tile.</p>
      ) : (
        <ol className="mt-3 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {props.pictures.map((picture, index) => (
            <li key={picture.position} className="rounded-xl border border-slate-200 p-2 text-sm">
              {picture.src ? (
                <img src={picture.src} alt="" width={160} height={160} className="aspect-square w-full bg-slate-100" />
              ) : (
                <div className="flex aspect-square w-full items-center justify-center bg-slate-100 text-xs text-muted">
                  Not shown
                </div>
              )}
              <p className="mt-2 line-clamp-3">{picture.alt}</p>
              {picture.colour ? <p className="text-xs text-muted">{picture.colour}</p> : null}
              <change.Form
                method="post"
                action={`/admin/products/${props.productId}`}
                className="mt-1 flex flex-wrap gap-x-3 gap-y-1 pl-2"
              >
                <input type="hidden" name="version" value={props.version} />
                <input type="hidden" name="position" value={picture.position} />
                {index > 0 ? (
                  <button
                    type="submit"
                    name="intent"
                    value="move-picture"
                    disabled={change.state !== "idle"}
                    className="-ml-2 rounded-md px-2 py-1.5 text-sm text-brand hover:bg-brand-soft"
                    aria-label={`Move picture ${index + 1} earlier: ${picture.alt}`}
                  >
                    Move earlier
                  </button>
                ) : null}
                <button
                  type="submit"
                  name="intent"
                  value="remove-picture"
                  disabled={change.state !== "idle"}
                  className="-ml-2 rounded-md px-2 py-1.5 text-sm text-brand hover:bg-brand-soft"
                  aria-label={`Remove picture ${index + 1}: ${picture.alt}`}
                >
                  Remove
                </button>
              </change.Form>
            </li>
          ))}
        </ol>
      )}

      <upload.Form
        key={formKey}
        method="post"
        encType="multipart/form-data"
        action={`/admin/products/${props.productId}/pictures`}
        className="mt-6 space-y-4 rounded-xl border border-slate-200 p-4"
        aria-label="Add a picture"
      >
        <h3 className="font-semibold">Add a picture</h3>
        {uploadError ? <FormMessage>{uploadError.message}</FormMessage> : null}
        <div>
          <label htmlFor="picture-file" className="block text-sm font-medium">
            Picture
          </label>
          <p id="picture-file-hint" className="mt-0.5 text-xs text-muted">
            A JPEG, PNG or WebP of at least 400 × 400 px and up to 20 MB. It is shown square, on white.
          </p>
          <input
            id="picture-file"
            type="file"
            name="picture"
            accept="image/jpeg,image/png,image/webp"
            required
            aria-describedby="picture-file-hint"
            className="mt-1 block w-full text-sm"
          />
        </div>
        <div>
          <label htmlFor="picture-alt" className="block text-sm font-medium">
            What it shows
          </label>
          <p id="picture-alt-hint" className="mt-0.5 text-xs text-muted">
            For people who can't see it, such as "The bottle in navy, logo printed on the side".
          </p>
          <input
            id="picture-alt"
            name="alt"
            required
            maxLength={PICTURE_ALT_MAX}
            aria-describedby="picture-alt-hint"
            className={input}
          />
        </div>
        {props.colours.length > 0 ? (
          <div>
            <label htmlFor="picture-colour" className="block text-sm font-medium">
              The colour it shows (optional)
            </label>
            <select id="picture-colour" name="colour" defaultValue="" className={`${input} h-10 bg-white`}>
              <option value="">No one colour</option>
              {props.colours.map((colour) => (
                <option key={colour} value={colour}>
                  {colour}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button type="submit" disabled={busy} className={buttonClass("primary")}>
          {busy ? "Uploading…" : "Add the picture"}
        </button>
      </upload.Form>
    </section>
  );
}
