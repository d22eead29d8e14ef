import { randomBytes } from "node:crypto";
import { readFile, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Metadata } from "sharp";
import { IMAGE_SIZES, cardImageUrl } from "@shop/shared/images";
import { badRequest } from "../http-errors";

/**
 * Product image uploads. The type is decided by decoding the content (never by the file name or the
 * Content-Type the browser sends); every accepted image is re-encoded, so what is stored and served is always
 * a clean WebP without metadata: a full-size copy and a card-size copy under one random name.
 */

/** sharp (libvips, ≈ 15 MB resident) is loaded on the first upload, not by every server that never gets one. */
const loadSharp = () => import("sharp").then((module) => module.default);

/** Larger images are refused before decoding: a small file can claim a huge canvas (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export const notAnImage = (filename: string) =>
  badRequest(`Файл "${displayName(filename)}" не является изображением (JPEG, PNG, WebP, GIF, AVIF)`);

function displayName(filename: string): string {
  const clean = filename.replace(/[\p{Cc}"]/gu, "").trim() || "без имени";
  return clean.length > 80 ? clean.slice(0, 77) + "..." : clean;
}

/** What sharp reports for the formats the shop takes; AVIF is HEIF with AV1 compression (HEIC is refused). */
function isAcceptedFormat(metadata: Metadata): boolean {
  switch (metadata.format) {
    case "jpeg":
    case "png":
    case "webp":
    case "gif":
      return true;
    case "heif":
      return metadata.compression === "av1";
    default:
      return false; // svg, tiff, pdf, raw and anything else
  }
}

export interface EncodedImage {
  full: Buffer;
  card: Buffer;
}

/** Checks one uploaded file by its content and encodes both sizes. Throws a Russian 400 for anything else. */
export async function encodeUpload(data: Buffer, filename: string): Promise<EncodedImage> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage(filename);
  }
  if (!isAcceptedFormat(metadata)) throw notAnImage(filename);
  if (!metadata.width || !metadata.height) throw notAnImage(filename);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw badRequest(`Изображение "${displayName(filename)}" слишком большое: не больше 40 мегапикселей`);
  }
  try {
    // rotate() without arguments turns the picture upright by its EXIF orientation; metadata is not copied
    const source = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
    const [full, card] = await Promise.all([
      source.clone().resize({ ...IMAGE_SIZES.full, fit: "inside", withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
      source.clone().resize({ ...IMAGE_SIZES.card, fit: "inside", withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
    ]);
    return { full, card };
  } catch {
    throw notAnImage(filename);
  }
}

/** 22 characters of A–Z a–z 0–9 _ -: unguessable, and safe in a URL and a file name. */
export const randomImageName = () => randomBytes(16).toString("base64url");

/**
 * Writes every image (both sizes) and returns the full-size URLs. Each file is written under a temporary name
 * and renamed, so a reader never sees half a file; if any write fails, everything written so far is removed.
 */
export async function storeImages(uploadDir: string, images: EncodedImage[]): Promise<string[]> {
  const written: string[] = [];
  const put = async (url: string, data: Buffer) => {
    const target = path.join(uploadDir, path.basename(url));
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    written.push(temporary);
    await writeFile(temporary, data, { flag: "wx" });
    await rename(temporary, target);
    written.push(target);
  };
  try {
    const urls: string[] = [];
    for (const image of images) {
      const url = `/uploads/${randomImageName()}.webp`;
      await put(url, image.full);
      await put(cardImageUrl(url), image.card);
      urls.push(url);
    }
    return urls;
  } catch (error) {
    await Promise.all(written.map((file) => unlink(file).catch(() => {})));
    throw error;
  }
}

/**
 * An uploaded WebP as JPEG (for Telegram, which takes only JPEG photos in inline results), or null when there is
 * no such file. Made on each request: Telegram fetches a result's photo once and keeps it.
 */
export async function uploadAsJpeg(uploadDir: string, file: string): Promise<Buffer | null> {
  let webp: Buffer;
  try {
    webp = await readFile(path.join(uploadDir, path.basename(file)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const sharp = await loadSharp();
  return sharp(webp).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
}

/** One picture sent some other way (a review's photo in the bot's chat): checked, encoded and stored as an upload. */
export async function storeOneImage(uploadDir: string, data: Buffer, filename = "photo.jpg"): Promise<string> {
  const [url] = await storeImages(uploadDir, [await encodeUpload(data, filename)]);
  return url!;
}
