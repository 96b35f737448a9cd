/**
 * Terms of use arrive as HTML paragraphs (spec §7). They are shown as HTML, but only a small allowlist survives:
 * everything is escaped first, then plain formatting tags without attributes and links to https:, mailto: or this
 * site are restored. Script, styles, event handlers and other attributes can therefore never reach the page.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escapes markup; character references already in the HTML (&amp;, &#246;) are kept as they are. */
export function escapeHtml(text: string): string {
  return text.replace(/&(?![a-z]{2,8};|#\d{1,7};|#x[0-9a-f]{1,6};)|[<>"']/gi, (char) => ESCAPES[char] ?? char);
}

const SIMPLE_TAG = /&lt;(\/?)(p|strong|em|b|i|u|br|ul|ol|li|h3|h4|small)\s*\/?&gt;/gi;
const LINK_OPEN = /&lt;a href=&quot;((?:https:\/\/|mailto:|\/)[^\s&<>"]*)&quot;&gt;/gi;
const LINK_CLOSE = /&lt;\/a&gt;/gi;

/** One paragraph's HTML reduced to the allowlist. */
export function sanitizeTermsHtml(html: string): string {
  return escapeHtml(html)
    .replace(SIMPLE_TAG, (_match, slash: string, tag: string) => `<${slash}${tag.toLowerCase()}>`)
    .replace(LINK_OPEN, (_match, href: string) => `<a href="${href}">`)
    .replace(LINK_CLOSE, "</a>");
}
