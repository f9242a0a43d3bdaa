/** The order page's "Report a problem" on a delivered order: the form, then the report and its photos. */
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { formatDisplayDate, formatDisplayDay } from "~/domain/core/dates";
import { formatFileSize } from "~/domain/core/file-size";
import {
  PROBLEM_LIMITS,
  PROBLEM_PHOTO_ACCEPT,
  PROBLEM_REPORT_DAYS,
  type ProblemWindow,
} from "~/domain/orders/problem-reports";
import { buttonClass } from "../ui/button";
import { FormMessage } from "../ui/form";

type ReportView = {
  id: string;
  status: "open" | "resolved";
  lines: number[];
  description: string;
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  photos: { id: string; name: string; size: number }[];
};

export type ProblemReply =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; description: string; lines: string[] };

/** The report form's answer: a refusal keeps what was typed and ticked. */
export function problemReply(actionData: unknown): ProblemReply | undefined {
  if (!actionData || typeof actionData !== "object" || !("intent" in actionData) || actionData.intent !== "problem")
    return undefined;
  if ("error" in actionData) {
    const { error, kept } = actionData as {
      error: { message: string; fieldErrors?: Record<string, string> };
      kept?: { description: string; lines: string[] };
    };
    return {
      ok: false,
      message: error.message,
      fieldErrors: error.fieldErrors ?? {},
      description: kept?.description ?? "",
      lines: kept?.lines ?? [],
    };
  }
  return { ok: true, message: "message" in actionData ? String(actionData.message) : "" };
}

/**
 * "Report a problem" on a delivered order (docs/decisions/043-problem-reports.md):
 * the form while the policy's window is open and no report is open, then the report, its photos
 * and a way to add more while our team looks at it.
 */
export function ProblemReport({
  orderId,
  lines,
  report,
  window,
  reply,
  busy,
}: {
  orderId: string;
  lines: readonly { position: number; quantity: number; product: { title: string } }[];
  report: ReportView | null;
  window: ProblemWindow;
  reply: ProblemReply | undefined;
  busy: boolean;
}) {
  const open = report?.status === "open";
  if (!open && !window.open) return null;
  const failed = reply && !reply.ok ? reply : null;
  const title = (position: number) => lines.find((line) => line.position === position)?.product.title ?? "";
  return (
    <section
      id="problem"
      aria-labelledby="problem-heading"
      className="rounded-2xl border border-slate-200 p-5"
      data-testid="problem-report"
    >
      <h2 id="problem-heading" className="text-xl font-bold">
        Report a problem
      </h2>
      {reply?.ok ? (
        <div className="mt-3">
          <FormMessage tone="success">{reply.message}</FormMessage>
        </div>
      ) : null}
      {open && report ? (
        <div className="mt-3 space-y-2 text-sm" data-testid="problem-status">
          <p>
            You reported a problem on {formatDisplayDay(report.createdAt)} with{" "}
            {report.lines.map(title).filter(Boolean).join(", ")}. Our team is looking at it and will e-mail you.
          </p>
          <p className="whitespace-pre-line break-words rounded-lg bg-slate-50 px-3 py-2">{report.description}</p>
          <ProblemPhotos orderId={orderId} photos={report.photos} />
        </div>
      ) : window.open ? (
        <Form method="post" className="mt-3 space-y-3" noValidate>
          <p className="text-sm">
            Something wrong with your order? Tell us by {formatDisplayDate(window.reportBy)} ({PROBLEM_REPORT_DAYS} days
            after delivery). You can add photos of the goods and the packaging once it is sent.
          </p>
          {failed ? <FormMessage>{failed.message}</FormMessage> : null}
          <input type="hidden" name="intent" value="problem" />
          <fieldset aria-describedby={failed?.fieldErrors.lines ? "problem-lines-error" : undefined}>
            <legend className="text-sm font-medium">Which items have the problem?</legend>
            <div className="mt-1 space-y-1">
              {lines.map((line) => (
                <label key={line.position} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={`line-${line.position}`}
                    value="on"
                    defaultChecked={failed ? failed.lines.includes(`line-${line.position}`) : lines.length === 1}
                    className="h-5 w-5"
                  />
                  {line.quantity.toLocaleString("en-GB")} × {line.product.title}
                </label>
              ))}
            </div>
            {failed?.fieldErrors.lines ? (
              <p id="problem-lines-error" className="mt-1 text-sm text-red-700">
                {failed.fieldErrors.lines}
              </p>
            ) : null}
          </fieldset>
          <div>
            <label htmlFor="problem-description" className="block text-sm font-medium">
              What is wrong?
            </label>
            <p id="problem-description-hint" className="text-xs text-muted">
              Between {PROBLEM_LIMITS.descriptionMin} and {PROBLEM_LIMITS.descriptionMax.toLocaleString("en-GB")}{" "}
              characters: what you expected, what arrived, and how many items.
            </p>
            <textarea
              id="problem-description"
              name="description"
              rows={4}
              maxLength={PROBLEM_LIMITS.descriptionMax}
              defaultValue={failed?.description ?? ""}
              aria-describedby={`problem-description-hint${failed?.fieldErrors.description ? " problem-description-error" : ""}`}
              aria-invalid={failed?.fieldErrors.description ? true : undefined}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            {failed?.fieldErrors.description ? (
              <p id="problem-description-error" className="mt-1 text-sm text-red-700">
                {failed.fieldErrors.description}
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className={buttonClass("primary")}>
            Send the report
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/** The report's photos, and adding one (JPEG or PNG, sent as the artwork uploads are). */
function ProblemPhotos({ orderId, photos }: { orderId: string; photos: ReportView["photos"] }) {
  const revalidator = useRevalidator();
  const [status, setStatus] = useState<{ tone: "success" | "error"; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const room = PROBLEM_LIMITS.photos - photos.length;

  async function send(files: FileList | null) {
    if (!files || files.length === 0) return;
    setSending(true);
    setStatus(null);
    let added = 0;
    for (const file of Array.from(files).slice(0, Math.max(0, room))) {
      const response = await fetch(`/orders/${orderId}/problem-photos`, {
        method: "POST",
        body: file,
        headers: {
          "X-File-Name": encodeURIComponent(file.name),
          "Content-Type": file.type || "application/octet-stream",
        },
      }).catch(() => null);
      if (!response?.ok) {
        const body = (await response?.json().catch(() => null)) as { error?: { message?: string } } | null;
        setStatus({
          tone: "error",
          text: `${file.name}: ${body?.error?.message ?? "It could not be sent. Please try again."}`,
        });
        break;
      }
      added += 1;
    }
    if (added > 0 && files.length <= room)
      setStatus({ tone: "success", text: added === 1 ? "Photo added." : `${added} photos added.` });
    setSending(false);
    revalidator.revalidate();
  }

  return (
    <div className="space-y-2">
      {photos.length > 0 ? (
        <ul className="list-disc pl-5" aria-label="Your photos">
          {photos.map((photo) => (
            <li key={photo.id} className="break-words">
              {photo.name} ({formatFileSize(photo.size)})
            </li>
          ))}
        </ul>
      ) : null}
      {room > 0 ? (
        <div>
          <label htmlFor="problem-photos" className="block font-medium">
            Add photos (optional)
          </label>
          <p id="problem-photos-hint" className="text-xs text-muted">
            JPEG or PNG, up to {PROBLEM_LIMITS.photos} photos of at most {PROBLEM_LIMITS.photoBytes / 1024 / 1024} MB
            each.
          </p>
          <input
            id="problem-photos"
            type="file"
            multiple
            accept={PROBLEM_PHOTO_ACCEPT}
            disabled={sending}
            aria-describedby="problem-photos-hint"
            onChange={(event) => {
              void send(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
            className="mt-1 block w-full text-sm"
          />
        </div>
      ) : null}
      <div role="status" aria-live="polite">
        {status ? (
          <FormMessage tone={status.tone === "success" ? "success" : undefined}>{status.text}</FormMessage>
        ) : null}
      </div>
    </div>
  );
}
