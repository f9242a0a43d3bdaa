/** The one HTML escape for markup the server writes as strings (its e-mails), where React does not escape text. */

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put inside HTML, in an element or a quoted attribute (mail bodies, the design PDF's source). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}
