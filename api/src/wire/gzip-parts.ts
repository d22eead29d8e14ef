import { constants, crc32, deflateRawSync, gunzipSync } from "node:zlib";

/**
 * A gzip answer kept as pieces compressed apart, so that the pieces many answers share are kept once. A deflate stream
 * is a series of blocks; a piece compressed on its own and ended with a sync flush ends on a byte boundary and refers
 * to nothing before it, so pieces compressed apart can be joined into one stream, the last one ended as final. The
 * gzip frame around them (RFC 1952) carries the CRC-32 and the length of the whole text, worked out once when the
 * answer is made. The product pages (routes/web.ts) share their inlined stylesheets this way: ≈ 9 KB of each
 * page's ≈ 14 KB compressed.
 */

/** RFC 1952: magic, deflate, no flags, no time, no extra flags, Unix */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03]);

export interface GzipParts {
  /** the deflate pieces in order; a shared piece is the same Buffer in every answer that holds it */
  parts: Buffer[];
  crc: number;
  /** the text's length in bytes */
  size: number;
  /** the bytes only this answer holds (its own pieces) */
  ownBytes: number;
}

/** Shared texts and their compressed pieces: each compressed once (level 9) and kept once. */
export class SharedPieces {
  private readonly pieces: { text: Buffer; compressed: Buffer }[] = [];

  constructor(texts: readonly string[] = []) {
    for (const text of texts) this.add(text);
  }

  /** Another shared text (one seen on the first answer made, say); empty or known texts are left out. */
  add(text: string): void {
    const bytes = Buffer.from(text);
    if (bytes.length === 0 || this.pieces.some((piece) => piece.text.equals(bytes))) return;
    this.pieces.push({ text: bytes, compressed: Buffer.from(deflatePiece(bytes, false, 9)) });
  }

  get all(): readonly { text: Buffer; compressed: Buffer }[] {
    return this.pieces;
  }
}

function deflatePiece(bytes: Buffer, last: boolean, level: number): Buffer {
  return deflateRawSync(bytes, { level, memLevel: 9, finishFlush: last ? constants.Z_FINISH : constants.Z_SYNC_FLUSH });
}

/** An answer's own text is compressed at this level: 6 is within 1 % of 9 on the pages, at half its time. */
const OWN_LEVEL = 6;

/**
 * `page` as gzip pieces: each of the shared texts it holds is the shared piece, the bytes between them compressed
 * here.
 */
export function gzipInParts(page: Buffer, shared: SharedPieces): GzipParts {
  // the answer's own pieces first compressed one by one, then copied into one buffer of their size: zlib's output
  // is a view of its 16 KB working buffer, which a kept view would keep whole
  const pieces: (Buffer | { own: Buffer })[] = [];
  const own = (slice: Buffer, last: boolean) => void pieces.push({ own: deflatePiece(slice, last, OWN_LEVEL) });
  const found = shared.all
    .map((piece) => ({ piece, at: page.indexOf(piece.text) }))
    .filter((place) => place.at >= 0)
    .sort((a, b) => a.at - b.at);
  let at = 0;
  for (const place of found) {
    if (place.at < at) continue; // overlaps the one before
    if (place.at > at) own(page.subarray(at, place.at), false);
    pieces.push(place.piece.compressed);
    at = place.at + place.piece.text.length;
  }
  own(page.subarray(at), true);
  const ownBytes = pieces.reduce((sum, piece) => sum + ("own" in piece ? piece.own.length : 0), 0);
  const store = Buffer.allocUnsafeSlow(ownBytes);
  let offset = 0;
  const parts = pieces.map((piece) => {
    if (!("own" in piece)) return piece;
    piece.own.copy(store, offset);
    offset += piece.own.length;
    return store.subarray(offset - piece.own.length, offset);
  });
  return { parts, crc: crc32(page), size: page.length, ownBytes };
}

/** The whole gzip answer. */
export function gzipBody(gzip: GzipParts): Buffer {
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(gzip.crc >>> 0, 0);
  trailer.writeUInt32LE(gzip.size >>> 0, 4);
  return Buffer.concat([GZIP_HEADER, ...gzip.parts, trailer]);
}

/** The text again, for a client that takes no gzip. */
export function gunzipParts(gzip: GzipParts): Buffer {
  return gunzipSync(gzipBody(gzip));
}
