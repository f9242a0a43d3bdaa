/**
 * The account page's data rights (docs/decisions/084): download a copy of what the shop holds,
 * prepared in the background and fetched from here, and delete the account.
 */
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Field, FormMessage } from "~/components/ui/form";
import { formatLondonDateTime } from "~/domain/core/dates";
import { formatFileSize } from "~/domain/core/file-size";
import { DATA_RIGHTS_MESSAGES, DELETED_CUSTOMER } from "~/domain/orders/data-rights";
import { type AccountReply, card, h2, ReplyMessage, replyFor } from "./section";

/** The latest download the person asked for, as the page shows it. */
export type DataExportShown = {
  id: string;
  status: "preparing" | "ready" | "failed";
  sizeBytes: number | null;
  expiresAt: Date | string | null;
};

function ExportState({ latest }: { latest: DataExportShown | null }) {
  if (!latest) return null;
  if (latest.status === "preparing")
    return <FormMessage tone="success">{DATA_RIGHTS_MESSAGES.exportQueued}</FormMessage>;
  if (latest.status === "failed")
    return <FormMessage>We couldn't prepare your data. Please ask again, or write to us.</FormMessage>;
  return (
    <p className="text-sm">
      <a
        href={`/account/data/${latest.id}`}
        download
        className="font-semibold text-brand underline underline-offset-2"
        data-testid="data-download"
      >
        Download your data (ZIP, {formatFileSize(latest.sizeBytes ?? 0)})
      </a>
      {latest.expiresAt ? (
        <span className="block text-muted">Available until {formatLondonDateTime(new Date(latest.expiresAt))}.</span>
      ) : null}
    </p>
  );
}

export function DataSection({ latest, reply }: { latest: DataExportShown | null; reply?: AccountReply }) {
  const busy = useNavigation().state === "submitting";
  const asked = replyFor(reply, "data-export");
  const deleting = replyFor(reply, "account-delete");
  return (
    <>
      <section id="your-data" aria-labelledby="data-heading" className={card}>
        <h2 id="data-heading" className={h2}>
          Your data
        </h2>
        <p className="mt-2 text-sm text-muted">
          Download a copy of everything we hold about you: your account, your orders with their invoices, the addresses
          you gave, quotes, reviews, the messages we sent you and your consents, as JSON and CSV files in a ZIP. We
          prepare it in a minute or two and e-mail you when it's ready; the download stays here for 7 days.
        </p>
        <div className="mt-3 space-y-3" aria-live="polite">
          {asked?.error ? <ReplyMessage reply={asked} success="" /> : <ExportState latest={latest} />}
        </div>
        <Form method="post" action="/account/data" className="mt-3">
          <input type="hidden" name="intent" value="export" />
          <button type="submit" disabled={busy} className={buttonClass("secondary")}>
            {latest?.status === "ready" ? "Prepare a new copy" : "Prepare my data"}
          </button>
        </Form>
      </section>

      <section aria-labelledby="delete-heading" className={card}>
        <h2 id="delete-heading" className={h2}>
          Delete your account
        </h2>
        <p className="mt-2 text-sm text-muted">
          We erase your account, carts, unpaid checkouts and their artwork, quotes, reviews, SMS sign-ups and the
          messages we sent you, and sign you out everywhere. UK tax law makes us keep your orders, their invoices and
          credit notes for 7 years: they stay under "{DELETED_CUSTOMER}", without your name, e-mail address or phone
          number. Orders you placed for an organisation stay with it. You can't undo this.
        </p>
        <Form method="post" action="/account/delete" className="mt-4 space-y-3" noValidate>
          <ReplyMessage reply={deleting?.error ? deleting : undefined} success="" />
          <Field
            label="Your password"
            name="password"
            type="password"
            autoComplete="current-password"
            hint="Signed up by phone or with a code and have no password? Sign in again with a code, then delete within 10 minutes."
          />
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" className="mt-0.5 h-4 w-4 accent-brand" />
            <span>I understand my account is deleted for good.</span>
          </label>
          <button
            type="submit"
            disabled={busy}
            className={buttonClass("ghost", "border border-red-700 text-red-800 hover:bg-red-50")}
          >
            Delete my account
          </button>
        </Form>
      </section>
    </>
  );
}
