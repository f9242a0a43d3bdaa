/**
 * A quote as its PDF (issue 17 item 2): the one document renderer (documents.server.ts) given the
 * quote's document model, answered as a private download named by the quote's number.
 */
import { quoteDocument } from "~/domain/quotes";
import { renderDocumentPdf } from "./documents.server";
import type { StoredQuote } from "./quotes.server";

export async function quotePdfResponse(quote: StoredQuote): Promise<Response> {
  const pdf = await renderDocumentPdf(quoteDocument(quote));
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${quote.number}.pdf"`,
      "Content-Length": String(pdf.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
