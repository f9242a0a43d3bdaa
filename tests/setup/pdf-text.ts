import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** pdfjs reads the 14 standard fonts' metrics from files, given as a directory path ending in a slash. */
const standardFontDataUrl = `${join(dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")), "standard_fonts")}/`;

/**
 * The text of a PDF as a reader's copy-and-paste would give it (decision 019: tests check every field
 * and figure of a document in the PDF itself): each page's text runs joined, a line break where
 * the text moves to a new line, and pages separated by a form feed.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) {
      if (!("str" in item)) continue;
      text += item.str + (item.hasEOL ? "\n" : "");
    }
    pages.push(text);
  }
  await document.destroy();
  return pages.join("\f");
}

/** Text with every run of white space as one space, so a test reads a table row or a block as one string. */
export const oneLine = (text: string) => text.replace(/\s+/g, " ");
