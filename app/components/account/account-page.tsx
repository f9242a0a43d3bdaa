/**
 * The buyer's /account page: profile, e-mail, password, two-step sign-in, devices,
 * organisations, and their data (a copy, and deleting the account), each posting to its own route.
 */
import { Link, useOutletContext, useSearchParams } from "react-router";
import { FormMessage } from "~/components/ui/form";
import { type DataExportShown, DataSection } from "./data-section";
import { EmailSection, type EmailUser } from "./email-section";
import {
  type ActiveOrganisation,
  type InvitationForMe,
  type OrganisationChoice,
  OrganisationSection,
} from "./organisation-section";
import { PasswordSection } from "./password-section";
import { ProfileSection, type ProfileUser } from "./profile-section";
import type { AccountReply } from "./section";
import { type DeviceSession, SessionsSection } from "./sessions-section";
import { TwoFactorSection } from "./two-factor-section";

/** What /account shows, loaded once by its layout route and handed to every concern's page. */
export type AccountView = {
  user: ProfileUser & EmailUser & { name: string; twoFactorEnabled: boolean };
  recentSignIn: boolean;
  sessions: DeviceSession[];
  organisations: OrganisationChoice[];
  activeOrganisation: ActiveOrganisation | null;
  invitations: InvitationForMe[];
  /** The latest copy of their data the person asked for (docs/decisions/084). */
  dataExport: DataExportShown | null;
};

/**
 * The account page: every concern's section on one page, each form posting to its concern's own
 * route (/account/profile, /account/email…), whose reply the page shows in that section.
 */
export function AccountPage({ reply }: { reply?: AccountReply }) {
  const { user, sessions, organisations, activeOrganisation, invitations, recentSignIn, dataExport } =
    useOutletContext<AccountView>();
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-extrabold">Your account</h1>
      <p className="mt-1 text-sm text-muted">Signed in as {user.email ?? user.phoneNumber}</p>
      <p className="mt-2 text-sm">
        <Link to="/account/brand-kit" className="font-semibold text-brand underline underline-offset-2">
          Your brand kit: logos, colours and placement notes
        </Link>
      </p>
      <p className="mt-1 text-sm">
        <Link to="/account/credit" className="font-semibold text-brand underline underline-offset-2">
          Pay on account: your organisation's account and statement
        </Link>
      </p>
      {params.get("signedOutOthers") ? (
        <div className="mt-4">
          <FormMessage tone="success">You're signed out everywhere else.</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 space-y-8">
        <ProfileSection user={user} reply={reply} />
        <EmailSection user={user} recentSignIn={recentSignIn} reply={reply} />
        <PasswordSection reply={reply} />
        <TwoFactorSection enabled={user.twoFactorEnabled} reply={reply} />
        <SessionsSection sessions={sessions} reply={reply} />
        <OrganisationSection
          userName={user.name}
          organisations={organisations}
          activeOrganisation={activeOrganisation}
          invitations={invitations}
          reply={reply}
        />
        <DataSection latest={dataExport} reply={reply} />
      </div>
    </section>
  );
}
