/**
 * The smallest PDF the shop's preflight reads as good artwork (decision 027): one 100 × 55 mm page
 * (the cap's front, so it prints at scale 1) with a grey filled square, vector only, no fonts and
 * no colours that warn for any method. Built here with a correct cross-reference table, so tests
 * that only need "an artwork file" upload a real one without a PDF library.
 */
function minimalPdf(padding = 0): Buffer {
  const content = "0.2 g 20 20 100 100 re f\n";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 283.46 155.91] /Contents 4 0 R /Resources << >> >>",
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
  ];
  // A comment line after the header, `padding` bytes long, sizes the file at will.
  let body = `%PDF-1.4\n${padding > 0 ? `%${"x".repeat(padding - 2)}\n` : ""}`;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

export const MINIMAL_PDF = minimalPdf();

/** The same PDF made exactly `bytes` long (at least MINIMAL_PDF's length plus 2). */
export function minimalPdfOfSize(bytes: number): Buffer {
  const padded = minimalPdf(bytes - MINIMAL_PDF.length);
  // The offsets in the cross-reference table keep their width, but startxref grows by digits: take them back off.
  return padded.length === bytes ? padded : minimalPdf(bytes - MINIMAL_PDF.length - (padded.length - bytes));
}
