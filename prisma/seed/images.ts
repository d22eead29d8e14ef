import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { IMAGE_SIZES } from "@shop/shared/images";
import type { ShapeKind } from "./catalog-data";
import type { Random } from "./random";

/** Earthy palettes: background from, background to, object, accent. */
const PALETTES = [
  ["#f3e9dc", "#d8c3a5", "#8e5b3e", "#c98f5a"],
  ["#eef0e6", "#c9d1b8", "#5f7354", "#a3b18a"],
  ["#f5efe6", "#e3cfc1", "#b4654a", "#e9c46a"],
  ["#e9edf1", "#c3ccd6", "#4f6272", "#b7c4cf"],
  ["#f6ebe7", "#e2c2b9", "#9c5a4b", "#d4a59a"],
  ["#f1eee4", "#d9d2bd", "#6b5e4b", "#b59f78"],
  ["#ebf1ef", "#bcd3cd", "#3f6f67", "#85b0a6"],
  ["#f4ece1", "#e6c9a8", "#a0522d", "#deb887"],
] as const;

function shapeSvg(shape: ShapeKind, object: string, accent: string, r: Random): string {
  const jitter = (n: number, spread: number) => Math.round(n + (r.next() - 0.5) * spread);
  switch (shape) {
    case "vase":
      return `<path d="M${jitter(330, 30)} 230 Q 300 330 ${jitter(250, 40)} 470 Q 230 640 400 650 Q 570 640 ${jitter(550, 40)} 470 Q 500 330 ${jitter(470, 30)} 230 Z" fill="${object}"/>
        <rect x="${jitter(320, 10)}" y="195" width="160" height="40" rx="14" fill="${object}"/>
        <path d="M270 470 Q 400 ${jitter(500, 30)} 530 470" stroke="${accent}" stroke-width="10" fill="none" opacity="0.8"/>`;
    case "bowl":
      return `<path d="M${jitter(180, 40)} 420 Q 400 ${jitter(720, 60)} ${jitter(620, 40)} 420 Z" fill="${object}"/>
        <ellipse cx="400" cy="420" rx="${jitter(220, 40)}" ry="40" fill="${accent}"/>`;
    case "mug":
      return `<rect x="${jitter(270, 20)}" y="300" width="230" height="290" rx="30" fill="${object}"/>
        <path d="M500 360 q 90 10 80 90 q -10 70 -80 70" stroke="${object}" stroke-width="30" fill="none"/>
        <rect x="270" y="300" width="230" height="36" rx="12" fill="${accent}" opacity="0.7"/>`;
    case "textile":
      return `<rect x="${jitter(200, 30)}" y="${jitter(220, 30)}" width="400" height="380" rx="28" fill="${object}"/>
        ${[0, 1, 2, 3].map((i) => `<rect x="200" y="${270 + i * 80}" width="400" height="18" fill="${accent}" opacity="0.75"/>`).join("")}`;
    case "candle":
      return `<rect x="${jitter(300, 20)}" y="330" width="200" height="280" rx="24" fill="${object}"/>
        <path d="M400 ${jitter(230, 20)} q 40 50 0 90 q -40 -40 0 -90 Z" fill="${accent}"/>
        <rect x="396" y="310" width="8" height="30" fill="#333"/>`;
    case "wood":
      return `<rect x="${jitter(170, 30)}" y="${jitter(300, 30)}" width="460" height="220" rx="${jitter(60, 30)}" fill="${object}"/>
        ${[0, 1, 2].map((i) => `<path d="M210 ${350 + i * 55} Q 400 ${jitter(320 + i * 55, 50)} 590 ${350 + i * 55}" stroke="${accent}" stroke-width="7" fill="none" opacity="0.7"/>`).join("")}`;
    case "wreath":
      return `<circle cx="400" cy="410" r="${jitter(200, 30)}" fill="none" stroke="${object}" stroke-width="${jitter(60, 20)}"/>
        ${Array.from({ length: 9 }, (_, i) => {
          const angle = (i / 9) * Math.PI * 2;
          return `<circle cx="${Math.round(400 + Math.cos(angle) * 200)}" cy="${Math.round(410 + Math.sin(angle) * 200)}" r="${jitter(22, 10)}" fill="${accent}"/>`;
        }).join("")}`;
    case "jewelry":
      return `<circle cx="${jitter(330, 30)}" cy="${jitter(420, 30)}" r="110" fill="none" stroke="${object}" stroke-width="26"/>
        <circle cx="${jitter(480, 30)}" cy="${jitter(400, 30)}" r="${jitter(70, 20)}" fill="${accent}"/>`;
  }
}

export function productSvg(shape: ShapeKind, r: Random): string {
  const [from, to, object, accent] = r.pick(PALETTES);
  const { width, height } = { width: 800, height: 800 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 800 800">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="${r.int(640, 680)}" rx="260" ry="36" fill="#000" opacity="0.08"/>
    ${shapeSvg(shape, object, accent, r)}
  </svg>`;
}

function writeAtomically(file: string, data: Buffer) {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Renders one product picture and stores it as the upload pipeline does: `/uploads/<name>.webp` (full) and
 * `/uploads/<name>-card.webp` (card). Returns the full-size URL. The name is a hash of the drawing, so seeding
 * again (another database, `--reset`) reuses the files instead of drawing and storing them twice.
 */
export async function writeProductImage(uploadDir: string, shape: ShapeKind, r: Random): Promise<string> {
  mkdirSync(uploadDir, { recursive: true });
  const svg = productSvg(shape, r);
  const name = "seed-" + createHash("sha256").update(svg).digest("base64url").slice(0, 16);
  const fullFile = path.join(uploadDir, `${name}.webp`);
  const cardFile = path.join(uploadDir, `${name}-card.webp`);
  if (existsSync(fullFile) && existsSync(cardFile)) return `/uploads/${name}.webp`;
  // loaded here, not at the top: a server importing the seed module only to check for an empty database
  // never needs sharp (≈ 15 MB resident)
  const { default: sharp } = await import("sharp");
  const source = sharp(Buffer.from(svg));
  const [full, card] = await Promise.all([
    source.clone().resize(IMAGE_SIZES.full.width, IMAGE_SIZES.full.height, { fit: "inside", withoutEnlargement: true }).webp({ quality: 80, effort: 2 }).toBuffer(),
    source.clone().resize(IMAGE_SIZES.card.width, IMAGE_SIZES.card.height, { fit: "inside" }).webp({ quality: 76, effort: 2 }).toBuffer(),
  ]);
  writeAtomically(fullFile, full);
  writeAtomically(cardFile, card);
  return `/uploads/${name}.webp`;
}
