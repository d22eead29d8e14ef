import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Sharp } from "sharp";
import { IMAGE_SIZES } from "@shop/shared/images";
import { KINDS, type KindName } from "./pictures/kinds";
import { dark, Defs, light, type Paint, type Setting } from "./pictures/kit";
import type { Random } from "./random";

/** Soft rooms to photograph in: wall (top, bottom), table top (back, front) and a surface for flat lays. */
const BACKDROPS = [
  { wall: ["#f4ede3", "#e8dccb"], table: ["#c9a27e", "#a67c58"], surface: "#efe6da" },
  { wall: ["#e9efe6", "#d3dccd"], table: ["#e2d6c4", "#cbb99f"], surface: "#e4e9df" },
  { wall: ["#f3e6e2", "#e5cfc8"], table: ["#bfa58f", "#9d8068"], surface: "#f1e3de" },
  { wall: ["#e6ecf1", "#cfd9e2"], table: ["#d9cdbd", "#bcae9a"], surface: "#e3e8ec" },
  { wall: ["#f2ecdc", "#e0d5ba"], table: ["#8f6a4d", "#6f4f37"], surface: "#ede5d2" },
] as const;
type Backdrop = (typeof BACKDROPS)[number];

/** How many pictures each demo product gets at least: a view, another angle, a close-up. */
export const PICTURE_VARIATIONS = ["front", "angle", "close-up"] as const;
export type Variation = (typeof PICTURE_VARIATIONS)[number];

function backdropSvg(setting: Setting, b: Backdrop, defs: Defs): string {
  if (setting === "flat") {
    // no fine texture here: a whole canvas of it doubles the time to draw and to encode the picture
    return `<rect width="800" height="800" fill="${defs.vertical(light(b.surface, 0.3), dark(b.surface, 0.06))}"/>
      <rect width="800" height="800" fill="${defs.glow("#ffffff", 0.5)}"/>`;
  }
  const wall = `<rect width="800" height="800" fill="${defs.vertical(b.wall[0], b.wall[1])}"/><circle cx="250" cy="180" r="520" fill="${defs.glow("#ffffff", 0.45)}"/>`;
  if (setting === "wall") return wall;
  const grain = defs.pattern(`grain${b.table[0]}`, 400, 40, `<path d="M0 12 Q 100 4 200 14 T 400 10 M0 30 Q 120 24 230 32 T 400 28" stroke="${dark(b.table[0], 0.2)}" stroke-width="2" fill="none" opacity="0.45"/>`);
  return `${wall}<rect y="600" width="800" height="200" fill="${defs.vertical(b.table[0], b.table[1])}"/><rect y="600" width="800" height="200" fill="${grain}"/>
    <rect y="598" width="800" height="5" fill="${light(b.table[0], 0.3)}" opacity="0.7"/>`;
}

/**
 * One picture of a product of `kind`: the front view, the same object turned the other way on another backdrop,
 * or a close-up of the detail that tells its kind apart. A standing object comes as one SVG with its
 * shadow on the table; an object lying flat or hanging comes as a backdrop and the object on its own, whose
 * blurred outline becomes its shadow (sharp's blur is much faster than an SVG filter).
 */
export interface ProductPicture {
  backdrop: string;
  /** drawn over the backdrop with a soft shadow; null when the backdrop already holds the object */
  object: string | null;
}

export function productPicture(kind: KindName, paint: Paint, variation: Variation, r: Random): ProductPicture {
  const { setting, draw } = KINDS[kind];
  const defs = new Defs();
  const first = r.int(0, BACKDROPS.length - 1);
  const backdrop = BACKDROPS[variation === "angle" ? (first + 2) % BACKDROPS.length : first]!;
  const drawing = draw({ paint, defs, r });
  const background = backdropSvg(setting, backdrop, defs);
  const w = drawing.footprint ?? 180;
  let object = setting === "table" ? `<ellipse cx="410" cy="640" rx="${w * 1.25}" ry="${w * 0.2 + 10}" fill="${defs.glow("#2b1d12", 0.45)}"/>${drawing.body}` : drawing.body;
  // whole-number scales only: librsvg draws a pattern scaled to fractional pixels many times slower
  if (variation === "angle") object = `<g transform="translate(800 0) scale(-1 1)">${object}</g>`;
  const clamp = (n: number) => Math.min(600, Math.max(200, n));
  const viewBox = variation === "close-up" ? `${clamp(drawing.focus[0]) - 200} ${clamp(drawing.focus[1]) - 200} 400 400` : "0 0 800 800";
  const svg = (content: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="${viewBox}"><defs>${defs}</defs>${content}</svg>`;
  return setting === "table" ? { backdrop: svg(background + object), object: null } : { backdrop: svg(background), object: svg(object) };
}

const SHADOW = { dx: 10, dy: 16, blur: 10, opacity: 0.3, color: [43, 29, 18] };

/**
 * The picture, 800 × 800, ready to resize: the object's shadow is its outline, blurred (at a quarter of the size,
 * which looks the same for a soft shadow and costs a sixteenth), shifted down and to the right.
 */
export async function renderPicture(picture: ProductPicture): Promise<Sharp> {
  const { default: sharp } = await import("sharp");
  const backdrop = sharp(Buffer.from(picture.backdrop));
  if (!picture.object) return backdrop;
  const size = 800;
  const raw = { width: size, height: size, channels: 4 } as const;
  const object = await sharp(Buffer.from(picture.object)).ensureAlpha().raw().toBuffer();
  const quarter = size / 4;
  const outline = await sharp(object, { raw })
    .extractChannel(3)
    .resize(quarter, quarter)
    .blur(SHADOW.blur / 4)
    .resize(size, size)
    .raw()
    .toBuffer();
  const shadow = Buffer.alloc(size * size * 4);
  for (let y = SHADOW.dy; y < size; y++) {
    for (let x = SHADOW.dx; x < size; x++) {
      const to = (y * size + x) * 4;
      shadow[to] = SHADOW.color[0]!;
      shadow[to + 1] = SHADOW.color[1]!;
      shadow[to + 2] = SHADOW.color[2]!;
      shadow[to + 3] = outline[(y - SHADOW.dy) * size + (x - SHADOW.dx)]! * SHADOW.opacity;
    }
  }
  const composed = await backdrop.composite([{ input: shadow, raw }, { input: object, raw }]).raw().toBuffer({ resolveWithObject: true });
  return sharp(composed.data, { raw: { width: composed.info.width, height: composed.info.height, channels: composed.info.channels } });
}

function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

const WEBP = { full: { quality: 80, effort: 2 }, card: { quality: 76, effort: 2 } };

/**
 * Drawn pictures kept between seeds of different shops on this machine (the tests start many shops, each with its
 * own upload folder): drawing and encoding the demo's pictures costs seconds, copying them milliseconds. Only a
 * speed-up: when the folder cannot be written the seed draws as usual.
 */
export const PICTURE_CACHE = path.join(tmpdir(), "shop-seed-pictures");

function copyFromCache(files: string[]): boolean {
  const cached = files.map((file) => path.join(PICTURE_CACHE, path.basename(file)));
  if (!cached.every((file) => existsSync(file))) return false;
  try {
    files.forEach((file, i) => writeAtomically(file, readFileSync(cached[i]!)));
    return true;
  } catch {
    return false;
  }
}

function keepInCache(files: [string, Buffer][]) {
  try {
    mkdirSync(PICTURE_CACHE, { recursive: true });
    for (const [file, data] of files) writeAtomically(path.join(PICTURE_CACHE, path.basename(file)), data);
  } catch {
    // a cache that cannot be written is no cache
  }
}

/**
 * Renders one product picture and stores it as the upload pipeline does: `/uploads/<name>.webp` (full) and
 * `/uploads/<name>-card.webp` (card). Returns the full-size URL. The name is a hash of the drawing and of how it
 * is rendered, so seeding again (another database, `--reset`, another shop on this machine) reuses the files
 * instead of drawing them twice.
 */
export async function writeProductImage(uploadDir: string, picture: ProductPicture): Promise<string> {
  mkdirSync(uploadDir, { recursive: true });
  const name =
    "seed-" +
    createHash("sha256").update(picture.backdrop).update(picture.object ?? "").update(JSON.stringify({ SHADOW, WEBP, IMAGE_SIZES })).digest("base64url").slice(0, 16);
  const fullFile = path.join(uploadDir, `${name}.webp`);
  const cardFile = path.join(uploadDir, `${name}-card.webp`);
  if ((existsSync(fullFile) && existsSync(cardFile)) || copyFromCache([fullFile, cardFile])) return `/uploads/${name}.webp`;
  // sharp is loaded inside renderPicture, not at the top: a server importing the seed module only to check for
  // an empty database never needs it (≈ 15 MB resident)
  const source = await renderPicture(picture);
  const [full, card] = await Promise.all([
    source.clone().resize(IMAGE_SIZES.full.width, IMAGE_SIZES.full.height, { fit: "inside", withoutEnlargement: true }).webp(WEBP.full).toBuffer(),
    source.clone().resize(IMAGE_SIZES.card.width, IMAGE_SIZES.card.height, { fit: "inside" }).webp(WEBP.card).toBuffer(),
  ]);
  writeAtomically(fullFile, full);
  writeAtomically(cardFile, card);
  keepInCache([
    [fullFile, full],
    [cardFile, card],
  ]);
  return `/uploads/${name}.webp`;
}
