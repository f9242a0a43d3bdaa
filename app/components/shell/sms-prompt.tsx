/** The SMS sign-up prompt: it opens by itself now and then, and a floating button reopens it until signed up. */
import { useEffect, useRef, useState } from "react";
import { SMS_PROMPT_BUTTON } from "~/content/sms-prompt-button";
import {
  parseLastShown,
  parseSignedUpRecord,
  shouldAutoOpenSmsPrompt,
  SMS_PROMPT_DELAY_MS,
  SMS_STORAGE_KEYS,
  type SmsSignedUpRecord,
} from "~/domain/people/sms-prompt-rules";
import { useLoaded } from "../ui/use-loaded";

/**
 * The card's code, its copy and Radix's dialog are fetched when it first opens (the JavaScript budget
 * in README.md); the button's words are all this part needs.
 */
const loadCard = () => import("./sms-prompt-card");

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
 * it until a sign-up succeeds. Success is claimed only after the server stored the number.
 *
 * It is a non-modal card in the corner rather than a modal: it pops up uninvited, so it must not
 * block the page or, when it opens by itself, take the keyboard focus away.
 */
export function SmsPrompt() {
  const [signedUp, setSignedUp] = useState<boolean | null>(null);
  const [open, setOpen] = useState(false);
  const [openedByItself, setOpenedByItself] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const SmsPromptCard = useLoaded(loadCard, open)?.default;

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

  const close = (hadFocus: boolean) => {
    setOpen(false);
    setOpenedByItself(false);
    if (hadFocus) button.current?.focus();
  };

  const signedUpNow = (record: SmsSignedUpRecord) => {
    writeStorage(SMS_STORAGE_KEYS.signedUp, JSON.stringify(record));
    setSignedUp(true);
    setOpen(false);
  };

  // Until storage has been read (and on the server) nothing shows, so a signed-up visitor never
  // sees the button flash.
  if (signedUp === null) return null;

  return (
    <>
      {signedUp ? null : (
        <button
          ref={button}
          type="button"
          data-floating-button=""
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => (open ? close(false) : setOpen(true))}
          className="fixed bottom-4 left-4 z-40 inline-flex items-center gap-2 rounded-full bg-brand px-4 py-3 text-sm font-semibold text-white shadow-lg hover:bg-brand-dark"
        >
          <PhoneIcon />
          <span className="sr-only sm:not-sr-only">{SMS_PROMPT_BUTTON}</span>
        </button>
      )}
      {open && SmsPromptCard ? (
        <SmsPromptCard openedByItself={openedByItself} onClose={close} onSignedUp={signedUpNow} />
      ) : null}
    </>
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
