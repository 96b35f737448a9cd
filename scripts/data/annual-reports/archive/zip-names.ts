/**
 * Entry names as stored in a ZIP: UTF-8 when general purpose flag bit 11 is set, IBM code page 437 otherwise (the
 * format's historical default, which every byte sequence decodes in).
 */

/** Bytes 0x80-0xFF of code page 437 (the lower half is ASCII). */
const CP437_HIGH =
  "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0";

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

export function decodeCp437(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80];
  return out;
}

/**
 * The name as text, or null when it cannot be a name: invalid UTF-8 under the UTF-8 flag, or empty. `display` is
 * always some rendering of the bytes, for messages.
 */
export function decodeZipName(bytes: Uint8Array, isUtf8: boolean): { name: string | null; display: string } {
  if (bytes.length === 0) return { name: null, display: "" };
  if (!isUtf8) {
    const name = decodeCp437(bytes);
    return { name, display: name };
  }
  try {
    const name = strictUtf8.decode(bytes);
    return { name, display: name };
  } catch {
    return { name: null, display: lenientUtf8.decode(bytes) };
  }
}
