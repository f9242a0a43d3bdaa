import type { Route } from "./+types/order-proforma";
import { proformaForBuyer } from "~/server/bank-transfers.server";
import { renderDocumentPdf } from "~/server/documents.server";
import { failure, toResponse } from "~/server/http.server";
import { PRIVATE_CACHE_CONTROL } from "~/server/private-responses.server";
import { dbOf, sessionOf } from "~/server/request-context.server";

/**
 * /orders/:id/proforma.pdf (issue 17 item 4): the pro-forma invoice of an order placed by bank
 * transfer, with the bank details, for its buyer and their organisation only; anyone else, and any
 * other order, gets the same 404. Never cached: it is personal and carries the bank account.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const session = await sessionOf(context);
  const notFound = () => toResponse(failure(404, "NOT_FOUND", "No such pro-forma invoice."));
  if (!session) return notFound();
  const proforma = await proformaForBuyer(dbOf(context), {
    userId: session.user.id,
    accountId: session.accountId,
    orderId: params.id,
  });
  if (!proforma) return notFound();
  const pdf = await renderDocumentPdf(proforma);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${proforma.number}.pdf"`,
      "Content-Length": String(pdf.length),
      "Cache-Control": PRIVATE_CACHE_CONTROL,
      "X-Content-Type-Options": "nosniff",
    },
  });
}
