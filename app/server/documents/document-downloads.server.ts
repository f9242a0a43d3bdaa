/**
 * The document downloads' one gate (decision 019): invoices, credit notes, pro-formas and quotes, for a
 * buyer (their own and their organisation's) or for staff (any). An odd id, or a buyer signed out,
 * finds nothing at no cost: no rate-limit row, no query. Then the reader's download budget, then
 * `load`, which answers null for a document this reader may not read.
 */
import type { BusinessDocument } from "~/domain/pricing/documents";
import { adminNotFound } from "../accounts/admin-access.server";
import type { AppContext } from "../providers/app-context.server";
import { failure, toResponse } from "../platform/http.server";
import { documentResponse, mayRenderDocument, tooManyDocuments } from "./invoices.server";
import type { SessionInfo } from "../accounts/session.server";

export async function buyerDocumentDownload(
  ctx: AppContext,
  input: {
    session: SessionInfo | null;
    validId: boolean;
    load: (reader: { userId: string; accountId: string }) => Promise<BusinessDocument | null>;
  },
) {
  const { db } = ctx;
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "No such document."));
  const { session } = input;
  if (!session || !input.validId) return notFound();
  if (!(await mayRenderDocument(db, session.user.id))) return tooManyDocuments();
  const document = await input.load({ userId: session.user.id, accountId: session.accountId });
  return document ? documentResponse(document, ctx.business) : notFound();
}

/** The same for staff, who have been checked already; a missing document is the back office's 404. */
export async function staffDocumentDownload(
  ctx: AppContext,
  input: { staffId: string; validId: boolean; load: () => Promise<BusinessDocument | null> },
) {
  const { db } = ctx;
  if (!input.validId) throw adminNotFound();
  if (!(await mayRenderDocument(db, input.staffId))) return tooManyDocuments();
  const document = await input.load();
  if (!document) throw adminNotFound();
  return documentResponse(document, ctx.business);
}
