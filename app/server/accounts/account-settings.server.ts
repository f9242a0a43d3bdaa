/**
 * The account page's changes: profile, password, e-mail address and organisations (members,
 * invitations, roles), each run on the server through better-auth's API (decision 012).
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { authAccount } from "#db/schema";
import { isPlaceholderEmail, isSignInFresh, passwordProblems } from "~/domain/people/auth-rules";
import { ACCOUNT_DELETION_HOURLY_LIMIT, DATA_RIGHTS_MESSAGES } from "~/domain/orders/data-rights";
import type { MemberRole } from "~/domain/people/organisation-roles";
import { SITE } from "~/content/links";
import {
  authFailure,
  checkCode,
  limitCodeRequests,
  type Outcome,
  passwordFailure,
  weakPassword,
} from "./account-codes.server";
import type { AccountsContext, Auth } from "./auth.server";
import { type Failure, failure } from "../platform/http.server";
import { confirmEmailChangeMail, emailChangedMail } from "../messages/mail-templates.server";
import { sendMail } from "../messages/mail.server";
import { hitRateLimit } from "../platform/rate-limit.server";
import type { SessionInfo } from "./session.server";
import { sendSms } from "../messages/sms.server";

const ok = (headers: Headers = new Headers()) => ({ ok: true as const, headers });

/**
 * Sensitive changes need a sign-in from the last 10 minutes, or the password again
 * (SPEC.md §6 "strict").
 */
async function requireRecentSignIn(
  auth: Auth,
  { request, session, password }: { request: Request; session: SessionInfo; password: string | undefined },
): Promise<Failure | null> {
  if (isSignInFresh(session.session.createdAt, new Date())) return null;
  if (!password) {
    return failure(403, "REAUTHENTICATE", "For your security, please confirm your password to make this change.");
  }
  try {
    await auth.api.verifyPassword({ body: { password }, headers: request.headers });
    return null;
  } catch {
    return failure(403, "INVALID_PASSWORD", "That password isn't right.");
  }
}

/**
 * Deleting an account (docs/decisions/084) needs its password again, always; an account without
 * one (made by phone or by code) needs a sign-in from the last 10 minutes, which took a code.
 * Counted per account, ACCOUNT_DELETION_HOURLY_LIMIT an hour, so the password cannot be guessed here.
 */
export async function confirmAccountOwner(
  { auth, db }: Pick<AccountsContext, "auth" | "db">,
  { request, session, password }: { request: Request; session: SessionInfo; password: string },
): Promise<Failure | null> {
  const hit = await hitRateLimit(db, {
    key: `account-delete:${session.user.id}`,
    limit: ACCOUNT_DELETION_HOURLY_LIMIT,
    windowSeconds: 3600,
  });
  if (!hit.allowed)
    return failure(429, "TOO_MANY_ATTEMPTS", DATA_RIGHTS_MESSAGES.deletionTooMany, {
      retryAfterSeconds: hit.retryAfterSeconds,
    });
  const [credential] = await db
    .select({ id: authAccount.id })
    .from(authAccount)
    .where(
      and(
        eq(authAccount.userId, session.user.id),
        eq(authAccount.providerId, "credential"),
        isNotNull(authAccount.password),
      ),
    )
    .limit(1);
  if (!credential)
    return isSignInFresh(session.session.createdAt, new Date())
      ? null
      : failure(403, "REAUTHENTICATE", DATA_RIGHTS_MESSAGES.signInAgain);
  if (!password) return failure(400, "PASSWORD_MISSING", DATA_RIGHTS_MESSAGES.passwordMissing);
  try {
    await auth.api.verifyPassword({ body: { password }, headers: request.headers });
    return null;
  } catch {
    return failure(403, "INVALID_PASSWORD", DATA_RIGHTS_MESSAGES.passwordWrong);
  }
}

export async function updateProfile(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; firstName: string; lastName: string; avatarUrl: string | null },
): Promise<Outcome> {
  try {
    await auth.api.updateUser({
      body: {
        firstName: input.firstName,
        lastName: input.lastName,
        name: `${input.firstName} ${input.lastName}`.trim(),
        image: input.avatarUrl,
      },
      headers: request.headers,
    });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

export async function changePassword(
  { auth }: Pick<AccountsContext, "auth">,
  {
    request,
    session,
    ...input
  }: { request: Request; session: SessionInfo; currentPassword: string; newPassword: string; signOutOthers: boolean },
): Promise<Outcome> {
  const problems = passwordProblems(input.newPassword, { email: session.user.email });
  if (problems.length > 0) return weakPassword("newPassword", problems);
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: input.signOutOthers,
      },
      headers: request.headers,
      returnHeaders: true,
    });
    return ok(headers);
  } catch (error) {
    return passwordFailure(error, "Your current password isn't right.");
  }
}

type AccountUser = SessionInfo["user"];

/** Where the account's own codes and notices go: its address, or its number for a phone sign-up. */
const ownChannel = (user: AccountUser) =>
  isPlaceholderEmail(user.email) && user.phoneNumber
    ? { kind: "phone" as const, to: user.phoneNumber }
    : { kind: "email" as const, to: user.email };

/**
 * Step 1 of an e-mail change (docs/security.md): a code to the current address (by SMS for a phone
 * sign-up), so a session alone, stolen or left open, cannot move the account away from its owner.
 */
export async function startEmailChange(
  ctx: Pick<AccountsContext, "db" | "auth" | "business" | "baseUrl">,
  { request, session, ...input }: { request: Request; session: SessionInfo; newEmail: string; password?: string },
): Promise<Outcome> {
  const { db, auth } = ctx;
  const stale = await requireRecentSignIn(auth, { request, session, password: input.password });
  if (stale) return stale;
  const newEmail = input.newEmail.trim().toLowerCase();
  if (newEmail === session.user.email) return failure(400, "SAME_EMAIL", "That's already your e-mail address.");
  const own = ownChannel(session.user);
  const limited = await limitCodeRequests(db, { request, subject: own.to });
  if (limited) return limited;
  // better-auth checks this code (changeEmail.verifyCurrentEmail) before it sends one to the new address.
  const code = await auth.api.createVerificationOTP({
    body: { email: session.user.email, type: "email-verification" },
  });
  if (own.kind === "phone") {
    await sendSms(db, {
      to: own.to,
      text: `${code} allows ${newEmail} as your ${SITE.name} e-mail. Not you? Don't share it.`,
      meta: { kind: "sms-email-change", code },
    });
  } else {
    await sendMail(db, confirmEmailChangeMail(ctx, { to: own.to, code, newEmail }));
  }
  return ok();
}

/** Step 2: the current address's code; better-auth then sends a code to the new address. */
export async function confirmCurrentEmail(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  { request, session, ...input }: { request: Request; session: SessionInfo; newEmail: string; code: string },
): Promise<Outcome> {
  const check = async () => {
    await auth.api.requestEmailChangeEmailOTP({
      body: { newEmail: input.newEmail, otp: input.code.trim() },
      headers: request.headers,
    });
    return ok();
  };
  return checkCode(db, { request, subject: ownChannel(session.user).to, check });
}

/** Step 3: the new address's code. Every other device signs out, and the old address is told, with the way back. */
export async function confirmEmailChange(
  ctx: Pick<AccountsContext, "db" | "auth" | "business" | "baseUrl">,
  { request, session, ...input }: { request: Request; session: SessionInfo; newEmail: string; code: string },
): Promise<Outcome> {
  const { db, auth } = ctx;
  const own = ownChannel(session.user);
  const check = async () => {
    await auth.api.changeEmailEmailOTP({
      body: { newEmail: input.newEmail, otp: input.code.trim() },
      headers: request.headers,
    });
    await auth.api.revokeOtherSessions({ headers: request.headers });
    const newEmail = input.newEmail.trim().toLowerCase();
    if (own.kind === "phone") {
      await sendSms(db, {
        to: own.to,
        text: `Your ${SITE.name} e-mail is now ${newEmail}. Not you? Write to ${ctx.business.supportEmail} at once.`,
        meta: { kind: "sms-email-changed" },
      });
    } else {
      await sendMail(db, emailChangedMail(ctx, { to: own.to, newEmail }));
    }
    return ok();
  };
  return checkCode(db, { request, subject: own.to, check });
}

export type OrganisationSummary = { id: string; name: string; slug: string; active: boolean };

export async function listMyOrganisations(
  { auth }: Pick<AccountsContext, "auth">,
  { request, session }: { request: Request; session: SessionInfo },
): Promise<OrganisationSummary[]> {
  const orgs = await auth.api.listOrganizations({ headers: request.headers });
  return orgs.map((o) => ({
    id: o.id,
    name: o.name,
    slug: o.slug,
    active: o.id === session.session.activeOrganizationId,
  }));
}

export async function activeOrganisationDetails(
  { auth }: Pick<AccountsContext, "auth">,
  { request, session }: { request: Request; session: SessionInfo },
) {
  if (!session.session.activeOrganizationId) return null;
  const org = await auth.api.getFullOrganization({
    headers: request.headers,
    query: { organizationId: session.session.activeOrganizationId },
  });
  if (!org) return null;
  const me = org.members.find((m) => m.userId === session.user.id);
  return {
    id: org.id,
    name: org.name,
    myRole: me?.role ?? "member",
    members: org.members.map((m) => ({
      id: m.id,
      name: m.user.name,
      email: m.user.email,
      role: m.role,
      isSelf: m.userId === session.user.id,
    })),
    invitations: org.invitations
      .filter((i) => i.status === "pending")
      .map((i) => ({
        id: i.id,
        email: i.email,
        role: i.role ?? "member",
        expiresAt: new Date(i.expiresAt).toISOString(),
      })),
  };
}

export async function listMyInvitations({ auth }: Pick<AccountsContext, "auth">, request: Request) {
  const invitations = await auth.api.listUserInvitations({ headers: request.headers });
  return invitations
    .filter((i) => i.status === "pending" && new Date(i.expiresAt) > new Date())
    .map((i) => ({ id: i.id, organizationName: i.organizationName ?? "an organisation", role: i.role ?? "member" }));
}

const slugify = (name: string) =>
  `${
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 40) || "team"
  }-${Math.random().toString(36).slice(2, 7)}`;

export async function createOrganisation(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; name: string },
): Promise<Outcome> {
  try {
    // The new organisation becomes the active one, so new drafts belong to it (R-AUTH-05).
    await auth.api.createOrganization({
      body: { name: input.name, slug: slugify(input.name) },
      headers: request.headers,
    });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

export async function switchOrganisation(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; organizationId: string | null },
): Promise<Outcome> {
  try {
    await auth.api.setActiveOrganization({ body: { organizationId: input.organizationId }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

/**
 * Invitations are e-mail the shop sends to an address someone typed in (docs/security.md): only
 * from a proven address, and few enough per sender and per recipient that the shop's mail cannot
 * be turned on a stranger's inbox.
 */
const INVITATIONS = {
  perSender: { limit: 30, windowSeconds: 24 * 3600 },
  perRecipient: { limit: 3, windowSeconds: 24 * 3600 },
} as const;

export async function inviteMember(
  { db, auth }: Pick<AccountsContext, "db" | "auth">,
  { request, session, ...input }: { request: Request; session: SessionInfo; email: string; role: MemberRole },
): Promise<Outcome> {
  if (!session.user.emailVerified || isPlaceholderEmail(session.user.email)) {
    return failure(403, "EMAIL_NOT_CONFIRMED", "Please confirm your e-mail address before inviting anyone.");
  }
  const sender = await hitRateLimit(db, {
    key: `invite:sender:${session.user.id}`,
    limit: INVITATIONS.perSender.limit,
    windowSeconds: INVITATIONS.perSender.windowSeconds,
  });
  if (!sender.allowed) {
    return tooManyInvitations(
      sender.retryAfterSeconds,
      `You've sent ${INVITATIONS.perSender.limit} invitations today.`,
    );
  }
  const recipient = await hitRateLimit(db, {
    key: `invite:recipient:${input.email.toLowerCase()}`,
    limit: INVITATIONS.perRecipient.limit,
    windowSeconds: INVITATIONS.perRecipient.windowSeconds,
  });
  if (!recipient.allowed) {
    return tooManyInvitations(recipient.retryAfterSeconds, "That address has had several invitations today.");
  }
  try {
    await auth.api.createInvitation({ body: { email: input.email, role: input.role }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

function tooManyInvitations(retryAfterSeconds: number, why: string): Failure {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  return failure(429, "RATE_LIMITED", `${why} Please try again in ${hours} hour${hours === 1 ? "" : "s"}.`, {
    retryAfterSeconds,
  });
}

/**
 * Gives a member of the active organisation another role (decision 025: make someone an
 * approver without inviting them again). better-auth decides who may: the owner or an admin of
 * that organisation, never for the owner; a plain member's or an approver's attempt is a 403.
 */
export async function changeMemberRole(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; memberId: string; role: MemberRole },
): Promise<Outcome> {
  try {
    await auth.api.updateMemberRole({ body: { memberId: input.memberId, role: input.role }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

export async function cancelInvitation(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; invitationId: string },
): Promise<Outcome> {
  try {
    await auth.api.cancelInvitation({ body: { invitationId: input.invitationId }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

export async function respondToInvitation(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; invitationId: string; accept: boolean },
): Promise<Outcome> {
  try {
    if (input.accept)
      await auth.api.acceptInvitation({ body: { invitationId: input.invitationId }, headers: request.headers });
    else await auth.api.rejectInvitation({ body: { invitationId: input.invitationId }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}

export async function leaveOrganisation(
  { auth }: Pick<AccountsContext, "auth">,
  { request, ...input }: { request: Request; organizationId: string },
): Promise<Outcome> {
  try {
    await auth.api.leaveOrganization({ body: { organizationId: input.organizationId }, headers: request.headers });
    return ok();
  } catch (error) {
    return authFailure(error);
  }
}
