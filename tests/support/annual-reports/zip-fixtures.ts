/**
 * Hostile ZIPs for tests and fixture generators: edits to the bytes `zipBytes` writes, for the cases its options
 * cannot express (flags, methods, names and offsets that disagree between the local header and the central
 * directory). Each edit returns a copy. The input must come from `zipBytes` (no archive comment, no ZIP64).
 */
import { deflateRawSync, constants as zlibConstants } from "node:zlib";
import { CENTRAL_HEADER_SIZE, EOCD_SIZE, LOCAL_HEADER_SIZE, u16, u32 } from "#scripts/data/annual-reports/archive/zip-format";

interface Layout {
  /** Offset of each central directory record, in directory order. */
  central: number[];
  /** Offset of each entry's local header, in the same order. */
  local: number[];
  eocd: number;
}

export function zipLayout(zip: Uint8Array): Layout {
  const eocd = zip.length - EOCD_SIZE;
  const central: number[] = [];
  const local: number[] = [];
  let at = u32(zip, eocd + 16);
  for (let i = 0; i < u16(zip, eocd + 10); i++) {
    central.push(at);
    local.push(u32(zip, at + 42));
    at += CENTRAL_HEADER_SIZE + u16(zip, at + 28) + u16(zip, at + 30) + u16(zip, at + 32);
  }
  return { central, local, eocd };
}

/** A copy of `zip` changed by `edit`, which gets a view of the copy and its layout. */
export function patchZip(zip: Uint8Array, edit: (view: DataView, layout: Layout, bytes: Uint8Array) => void): Uint8Array {
  const copy = zip.slice();
  edit(new DataView(copy.buffer), zipLayout(copy), copy);
  return copy;
}

const entryAt = (list: number[], index: number): number => {
  const at = list[index];
  if (at === undefined) throw new Error(`no entry ${index}`);
  return at;
};

/** Sets the general purpose flags of entry `index`, in its local header and its central record. */
export const withFlags = (zip: Uint8Array, index: number, flags: number) =>
  patchZip(zip, (view, { central, local }) => {
    view.setUint16(entryAt(local, index) + 6, flags, true);
    view.setUint16(entryAt(central, index) + 8, flags, true);
  });

/** Sets the compression method of entry `index`, in both headers. */
export const withMethod = (zip: Uint8Array, index: number, method: number) =>
  patchZip(zip, (view, { central, local }) => {
    view.setUint16(entryAt(local, index) + 8, method, true);
    view.setUint16(entryAt(central, index) + 10, method, true);
  });

/** Points the central record of entry `index` at another local header offset. */
export const withLocalOffset = (zip: Uint8Array, index: number, offset: number) =>
  patchZip(zip, (view, { central }) => view.setUint32(entryAt(central, index) + 42, offset, true));

/** Replaces the name bytes of entry `index` (same length): in the local header only, or in both headers. */
export const withNameBytes = (zip: Uint8Array, index: number, name: Uint8Array, where: "local" | "both") =>
  patchZip(zip, (_view, { central, local }, bytes) => {
    bytes.set(name, entryAt(local, index) + LOCAL_HEADER_SIZE);
    if (where === "both") bytes.set(name, entryAt(central, index) + CENTRAL_HEADER_SIZE);
  });

/** Sets the central directory offset in the end record. */
export const withDirectoryOffset = (zip: Uint8Array, offset: number) =>
  patchZip(zip, (view, { eocd }) => view.setUint32(eocd + 16, offset, true));

/**
 * Raw DEFLATE data of `mebibytes` MiB of zeros, built from one compressed MiB repeated (about 1 KiB each), so a
 * bomb of many GiB costs the test nothing to make.
 */
export function zeroBomb(mebibytes: number): Uint8Array {
  const block = deflateRawSync(new Uint8Array(1 << 20), { finishFlush: zlibConstants.Z_SYNC_FLUSH, level: 9 });
  const final = deflateRawSync(new Uint8Array(0));
  const out = new Uint8Array(block.length * mebibytes + final.length);
  for (let i = 0; i < mebibytes; i++) out.set(block, i * block.length);
  out.set(final, block.length * mebibytes);
  return out;
}
