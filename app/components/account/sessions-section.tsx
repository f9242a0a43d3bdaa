/** The account page's "Where you're signed in": every device signed in, and signing out the others. */
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatLondonDateTime } from "~/domain/core/dates";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

export type DeviceSession = {
  id: string;
  current: boolean;
  createdAt: string;
  userAgent: string | null;
  ipAddress: string | null;
};

/** Where the account is signed in: any other device can be signed out, one by one or all at once. */
export function SessionsSection({ sessions, reply }: { sessions: DeviceSession[]; reply?: AccountReply }) {
  return (
    <section aria-labelledby="sessions-heading" className={card}>
      <h2 id="sessions-heading" className={h2}>
        Where you're signed in
      </h2>
      <ReplyMessage reply={replyFor(reply, "session-revoke")} success="That device is signed out." />
      <ul className="mt-4 divide-y divide-slate-100">
        {sessions.map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-4 py-3 text-sm">
            <div>
              <p className="font-medium">
                {describeDevice(s.userAgent)} {s.current ? <span className="text-green-800">(this device)</span> : null}
              </p>
              <p className="text-xs text-muted">
                Signed in {formatLondonDateTime(new Date(s.createdAt))}
                {s.ipAddress ? ` from ${s.ipAddress}` : ""}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post" action="/account/sessions">
                <input type="hidden" name="sessionId" value={s.id} />
                <button type="submit" className={buttonClass("ghost")}>
                  Sign out
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post" action="/sign-out">
          <input type="hidden" name="scope" value="others" />
          <button type="submit" className={buttonClass("secondary")}>
            Sign out all other devices
          </button>
        </Form>
        <Form method="post" action="/sign-out">
          <input type="hidden" name="scope" value="global" />
          <button type="submit" className={buttonClass("secondary")}>
            Sign out everywhere
          </button>
        </Form>
      </div>
    </section>
  );
}

function describeDevice(userAgent: string | null) {
  if (!userAgent) return "Unknown device";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Chrome\//.test(userAgent)
      ? "Chrome"
      : /Firefox\//.test(userAgent)
        ? "Firefox"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : "Browser";
  const os = /Windows/.test(userAgent)
    ? "Windows"
    : /Mac OS X/.test(userAgent)
      ? "macOS"
      : /Android/.test(userAgent)
        ? "Android"
        : /iPhone|iPad/.test(userAgent)
          ? "iOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return os ? `${browser} on ${os}` : browser;
}
