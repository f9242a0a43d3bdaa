import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { SMS_CONSENT_TEXT, SMS_PROMPT } from "~/content/contact";
import { isValidUkSmsPhone, ukPhoneToE164 } from "~/domain/contact-rules";
import {
  parseLastShown,
  parseSignedUpRecord,
  shouldAutoOpenSmsPrompt,
  SMS_PROMPT_DELAY_MS,
  SMS_STORAGE_KEYS,
  type SmsSignedUpRecord,
} from "~/domain/sms-prompt-rules";
import { CrossIcon } from "./icons";
import { buttonClass } from "./ui/button";
import { useToast } from "./ui/toast";

// Storage can be unavailable (private mode, blocked): the prompt then simply behaves as a first visit.
function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembering only means the prompt may be shown again; nothing is lost.
  }
}

/**
 * The SMS sign-up prompt (SPEC.md §4 "SMS prompt", R-SMS-01..10). It opens by itself 23 s after
 * load unless this browser signed up or saw it in the last 30 days, and a floating button reopens
 * it until a sign-up succeeds. Success is claimed only after the server stored the number (A-21).
 *
 * It is a non-modal card in the corner rather than a modal: it pops up uninvited, so it must not
 * block the page or, when it opens by itself, take the keyboard focus away.
 */
export function SmsPrompt() {
  const toast = useToast();
  const { pathname } = useLocation();
  const [signedUp, setSignedUp] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [openedByItself, setOpenedByItself] = useState(false);
  const [phone, setPhone] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const ids = useId();

  useEffect(() => {
    const alreadySignedUp = parseSignedUpRecord(readStorage(SMS_STORAGE_KEYS.signedUp)) !== null;
    setSignedUp(alreadySignedUp);
    const lastShownAt = parseLastShown(readStorage(SMS_STORAGE_KEYS.lastShown));
    if (!shouldAutoOpenSmsPrompt({ signedUp: alreadySignedUp, lastShownAt, now: Date.now() })) return;
    const timer = setTimeout(() => {
      writeStorage(SMS_STORAGE_KEYS.lastShown, String(Date.now()));
      setOpenedByItself(true);
      setOpen(true);
    }, SMS_PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  // R-SMS-09: closing resets the form, and abandons a request still in flight.
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) return;
    request.current?.abort();
    request.current = null;
    setPhone("");
    setError(null);
    setSubmitting(false);
    setOpenedByItself(false);
  };

  const valid = isValidUkSmsPhone(phone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid || submitting) return;
    const controller = new AbortController();
    request.current = controller;
    setSubmitting(true);
    setError(null);
    try {
      const response = await fetch("/api/sms-signups", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ phone, sourcePage: pathname }),
        signal: controller.signal,
      });
      if (response.status !== 201) throw new Error(`Sign-up refused with status ${response.status}`);
      const body: unknown = await response.json();
      const id = typeof body === "object" && body !== null ? Reflect.get(body, "id") : undefined;
      if (typeof id !== "string") throw new Error("Sign-up answer had no id");
      const record: SmsSignedUpRecord = { phoneNumber: ukPhoneToE164(phone) ?? phone, timestamp: Date.now(), id };
      writeStorage(SMS_STORAGE_KEYS.signedUp, JSON.stringify(record));
      setSignedUp(true);
      toast({ title: SMS_PROMPT.successTitle, description: SMS_PROMPT.successDescription, variant: "success" });
      changeOpen(false);
    } catch (failure) {
      if (controller.signal.aborted) return;
      console.warn("SMS sign-up failed", failure);
      setError(SMS_PROMPT.failure);
      setSubmitting(false);
    }
  };

  // Until storage has been read (and on the server) nothing shows, so a signed-up visitor never
  // sees the button flash.
  if (signedUp === null) return null;

  return (
    <RadixDialog.Root open={open} onOpenChange={changeOpen} modal={false}>
      {signedUp ? null : (
        <RadixDialog.Trigger className="fixed bottom-4 left-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-dark">
          <PhoneIcon />
          <span className="sr-only sm:not-sr-only">{SMS_PROMPT.openButton}</span>
        </RadixDialog.Trigger>
      )}
      <RadixDialog.Portal>
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            if (openedByItself) event.preventDefault();
          }}
          // A click elsewhere on the page is someone getting on with it: leave the card open.
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-x-3 bottom-20 z-50 rounded-2xl border border-slate-200 bg-white p-5 shadow-2xl sm:inset-x-auto sm:left-4 sm:w-[24rem]"
        >
          <RadixDialog.Title className="pr-8 text-lg font-bold text-ink">{SMS_PROMPT.title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-muted">
            {SMS_PROMPT.description}
          </RadixDialog.Description>
          <form onSubmit={submit} className="mt-4" noValidate>
            <label htmlFor={`${ids}-phone`} className="block text-sm font-semibold text-ink">
              {SMS_PROMPT.phoneLabel}
            </label>
            <input
              id={`${ids}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
              aria-describedby={`${ids}-hint ${ids}-consent${error ? ` ${ids}-error` : ""}`}
              className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 text-base text-ink"
            />
            <p id={`${ids}-hint`} className="mt-1 text-xs text-muted">
              {SMS_PROMPT.phoneHint}
            </p>
            <p id={`${ids}-consent`} className="mt-3 text-xs text-ink">
              {SMS_CONSENT_TEXT}{" "}
              <Link to="/privacy#what-we-collect" className="text-brand underline" onClick={() => changeOpen(false)}>
                {SMS_PROMPT.privacyLink}
              </Link>
            </p>
            <div
              role="alert"
              id={`${ids}-error`}
              className={error ? "mt-3 text-sm font-medium text-red-700" : "sr-only"}
            >
              {error ?? ""}
            </div>
            <button type="submit" disabled={!valid || submitting} className={buttonClass("primary", "mt-4 w-full")}>
              {submitting ? SMS_PROMPT.submitting : SMS_PROMPT.submit}
            </button>
          </form>
          <RadixDialog.Close
            className="absolute right-3 top-3 rounded-full p-2 text-muted hover:bg-slate-100"
            aria-label="Close"
          >
            <CrossIcon className="h-5 w-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth={2}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18h3" strokeLinecap="round" />
    </svg>
  );
}
