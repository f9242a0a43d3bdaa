/** The SMS sign-up card: a UK mobile number, submitted to our server, with success only once it is stored. */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";
import { SMS_CONSENT_TEXT, SMS_PROMPT } from "~/content/sms-prompt";
import { isValidUkSmsPhone, ukPhoneToE164 } from "~/domain/people/contact-rules";
import type { SmsSignedUpRecord } from "~/domain/people/sms-prompt-rules";
import { CrossIcon } from "../ui/icons";
import { buttonClass } from "../ui/button";
import { useToast } from "../ui/toast";

/**
 * The SMS sign-up card, mounted while open: closing unmounts it, which resets the form and abandons a
 * request still in flight (R-SMS-09). Success is reported only after the server stored the number,
 * in a toast the card shows before the prompt closes it.
 */
export default function SmsPromptCard(props: {
  openedByItself: boolean;
  /** `hadFocus`: the card held the keyboard focus, which should go back to the floating button. */
  onClose: (hadFocus: boolean) => void;
  onSignedUp: (record: SmsSignedUpRecord) => void;
}) {
  const { pathname } = useLocation();
  const toast = useToast();
  const [phone, setPhone] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef<AbortController | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => () => request.current?.abort(), []);

  const valid = isValidUkSmsPhone(phone);
  const close = () => props.onClose(content.current?.contains(document.activeElement) ?? false);

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
      const body: unknown = await response.json().catch(() => null);
      if (response.status !== 201) {
        // A refusal with a reason (a limit reached: docs/decisions/034-sms-double-opt-in.md) is shown as given.
        const reason = refusalMessage(response.status, body);
        if (reason) {
          setError(reason);
          setSubmitting(false);
          return;
        }
        throw new Error(`Sign-up refused with status ${response.status}`);
      }
      const id = typeof body === "object" && body !== null ? Reflect.get(body, "id") : undefined;
      if (typeof id !== "string") throw new Error("Sign-up answer had no id");
      toast({ title: SMS_PROMPT.successTitle, description: SMS_PROMPT.successDescription, variant: "success" });
      props.onSignedUp({ phoneNumber: ukPhoneToE164(phone) ?? phone, timestamp: Date.now(), id });
    } catch (failure) {
      if (controller.signal.aborted) return;
      console.warn("SMS sign-up failed", failure);
      setError(SMS_PROMPT.failure);
      setSubmitting(false);
    }
  };

  return (
    <RadixDialog.Root open onOpenChange={(open) => open || close()} modal={false}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          ref={content}
          onOpenAutoFocus={(event) => {
            if (props.openedByItself) event.preventDefault();
          }}
          // Focus is handed back by the prompt (to its floating button), and only if the card had it.
          onCloseAutoFocus={(event) => event.preventDefault()}
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
              <Link to="/privacy#what-we-collect" className="text-brand underline" onClick={close}>
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

/** The server's own message for a 4xx refusal ({error: {message}}), or null to fall back on the generic one. */
function refusalMessage(status: number, body: unknown): string | null {
  if (status < 400 || status >= 500 || typeof body !== "object" || body === null) return null;
  const error: unknown = Reflect.get(body, "error");
  if (typeof error !== "object" || error === null) return null;
  const message: unknown = Reflect.get(error, "message");
  return typeof message === "string" && message !== "" ? message : null;
}
