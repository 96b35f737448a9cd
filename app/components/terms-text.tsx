/** The terms of use paragraphs, reduced to safe HTML (see lib/terms-html.ts). */
import { sanitizeTermsHtml } from "../lib/terms-html";

export function TermsText({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <div className="prose">
      {paragraphs.map((html, index) => (
        <p key={index} dangerouslySetInnerHTML={{ __html: sanitizeTermsHtml(html) }} />
      ))}
    </div>
  );
}
