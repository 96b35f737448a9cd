import type { OutboundEmail } from "./outbound-message";

/**
 * A plain-text RFC 5322 message for Cloudflare's send_email binding: UTF-8 body in base64 (Swedish letters survive
 * any relay), RFC 2047 encoded-word subject, CRLF line ends. Header values are stripped of CR/LF (no injection).
 */
const CRLF = "\r\n";

const headerSafe = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

function base64Utf8(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** RFC 2047 encoded words of at most 75 characters each, split on whole characters. */
export function encodeHeaderWord(text: string): string {
  if (/^[\x20-\x7e]*$/.test(text)) return text;
  const words: string[] = [];
  let chunk = "";
  for (const ch of text) {
    if (base64Utf8(chunk + ch).length > 45) {
      words.push(`=?UTF-8?B?${base64Utf8(chunk)}?=`);
      chunk = "";
    }
    chunk += ch;
  }
  if (chunk) words.push(`=?UTF-8?B?${base64Utf8(chunk)}?=`);
  return words.join(`${CRLF} `);
}

const wrap76 = (text: string) => text.match(/.{1,76}/g)?.join(CRLF) ?? "";

export interface MimeOptions {
  from: string;
  messageId: string;
  date?: Date;
}

export function buildMimeMessage(message: OutboundEmail, options: MimeOptions): string {
  const headers = [
    `From: ${headerSafe(options.from)}`,
    `To: ${headerSafe(message.to)}`,
    ...(message.replyTo ? [`Reply-To: ${headerSafe(message.replyTo)}`] : []),
    `Subject: ${encodeHeaderWord(headerSafe(message.subject))}`,
    `Date: ${(options.date ?? new Date()).toUTCString()}`,
    `Message-ID: <${headerSafe(options.messageId)}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: base64",
  ];
  const body = message.text.replace(/\r?\n/g, CRLF);
  return `${headers.join(CRLF)}${CRLF}${CRLF}${wrap76(base64Utf8(body))}${CRLF}`;
}
