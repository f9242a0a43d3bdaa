/**
 * Who the shop writes to about something a signed-in buyer did (decision 036): the e-mails of an
 * order placed by bank transfer (placed, reminder, expired) and the acknowledgement of a custom
 * quote request. Placing either costs nothing, so the address typed into a form must not be enough
 * to make the shop write to it: a stranger could type anyone's address and have the shop mail them.
 *
 * The typed contact address is used only when it is proven: it is the buyer's own confirmed
 * address, or the confirmed address of a current member of the organisation the order is for (the
 * buyer being a member too). Otherwise the mail goes to the buyer's own confirmed address, and an
 * account without one (a phone-only sign-up, or an address never confirmed) gets no mail: the order
 * page carries the pro-forma with the bank details, and Quotes lists the request.
 */
import { and, eq, sql } from "drizzle-orm";
import { authMember, authUser } from "#db/schema";
import { isPlaceholderEmail } from "~/domain/people/auth-rules";
import type { Database } from "../platform/db.server";

const sameAddress = (column: typeof authUser.email, address: string) =>
  sql`lower(${column}) = ${address.trim().toLowerCase()}`;

/**
 * The confirmed address to write to for `userId`, acting for `accountId` (an organisation's id, or
 * the user's own for a personal account), given the contact address they typed; null when the
 * account has no confirmed address.
 */
export async function buyerMailRecipient(
  db: Database,
  input: { userId: string; accountId: string; contact: string },
): Promise<string | null> {
  const [buyer] = await db
    .select({ email: authUser.email, verified: authUser.emailVerified })
    .from(authUser)
    .where(eq(authUser.id, input.userId))
    .limit(1);
  const own = buyer?.verified && !isPlaceholderEmail(buyer.email) ? buyer.email : null;
  const contact = input.contact.trim();
  if (!contact || isPlaceholderEmail(contact)) return own;
  if (own && own.toLowerCase() === contact.toLowerCase()) return own;
  const colleague =
    input.accountId && input.accountId !== input.userId ? await colleagueAddress(db, input, contact) : null;
  return colleague ?? own;
}

/** `contact` as a current member of the organisation confirmed it, the buyer being a member too; else null. */
async function colleagueAddress(db: Database, input: { userId: string; accountId: string }, contact: string) {
  const buyerMembership = db
    .select({ id: authMember.id })
    .from(authMember)
    .where(and(eq(authMember.organizationId, input.accountId), eq(authMember.userId, input.userId)));
  const [colleague] = await db
    .select({ email: authUser.email })
    .from(authMember)
    .innerJoin(authUser, eq(authUser.id, authMember.userId))
    .where(
      and(
        eq(authMember.organizationId, input.accountId),
        eq(authUser.emailVerified, true),
        sameAddress(authUser.email, contact),
        sql`exists (${buyerMembership})`,
      ),
    )
    .limit(1);
  return colleague?.email ?? null;
}
