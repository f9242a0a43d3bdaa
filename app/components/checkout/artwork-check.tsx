/**
 * The preflight of an uploaded artwork file: its page-one picture and each finding marked passed,
 * warning or refused.
 */
import { useState } from "react";
import { type ArtworkChoice, fileFindings } from "~/domain/checkout/artwork-preflight";
import type { ArtworkFileEntry } from "~/domain/checkout/draft";
import { type Finding, unconsentedWarnings } from "~/domain/artwork/preflight";
import { buttonClass } from "../ui/button";

const MARK: Record<Finding["level"], { sign: string; className: string; label: string }> = {
  pass: { sign: "✓", className: "text-green-800", label: "Passed" },
  warning: { sign: "!", className: "text-amber-800", label: "Warning" },
  blocker: { sign: "✕", className: "text-red-700", label: "Refused" },
};

/** A file's findings, each marked pass, warning or refusal in words as well as a sign. */
export function FindingList({ findings }: { findings: readonly Finding[] }) {
  return (
    <ul className="space-y-1 text-sm">
      {findings.map((finding) => {
        const mark = MARK[finding.level];
        return (
          <li key={finding.code} className="flex gap-2" data-level={finding.level}>
            <span aria-hidden="true" className={`w-4 shrink-0 text-center font-bold ${mark.className}`}>
              {mark.sign}
            </span>
            <span>
              <span className="sr-only">{mark.label}: </span>
              {finding.message}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** Page one of a file as the server drew it; hidden if there is none (an EPS without Ghostscript). */
export function ArtworkPreview({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <img
      src={src}
      alt={`Page one of ${name}`}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-24 w-32 shrink-0 rounded border border-slate-200 bg-white object-contain"
    />
  );
}

/**
 * Step 2's check of one uploaded file (decision 027): page one, what the file holds judged for this
 * line's method and placement, and "Use it anyway" while a warning is unanswered.
 */
export function ArtworkCheck(props: {
  file: ArtworkFileEntry;
  choice: ArtworkChoice;
  onUseAnyway: (codes: string[]) => Promise<void>;
}) {
  const { file } = props;
  const [sending, setSending] = useState(false);
  if (!file.preflight) return <p className="text-sm text-muted">Uploaded before our artwork checks: not checked.</p>;
  const findings = fileFindings(file, props.choice);
  const open = unconsentedWarnings(findings, file.use_anyway);
  const accepted = findings.some((finding) => finding.level === "warning") && open.length === 0;
  return (
    <div className="flex flex-wrap items-start gap-3" data-testid="artwork-check">
      <ArtworkPreview src={`/api/artwork/${file.id}/preview`} name={file.name} />
      <div className="min-w-0 flex-1 space-y-2">
        <FindingList findings={findings} />
        {open.length > 0 ? (
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              disabled={sending}
              className={buttonClass("secondary", "px-3 py-1")}
              onClick={async () => {
                setSending(true);
                try {
                  await props.onUseAnyway(open.map((finding) => finding.code));
                } finally {
                  setSending(false);
                }
              }}
            >
              Use it anyway
            </button>
            <span className="text-sm text-muted">or upload a better file under the same name.</span>
          </div>
        ) : null}
        {accepted ? <p className="text-sm font-medium">You chose to use it anyway.</p> : null}
      </div>
    </div>
  );
}
