/**
 * Every uploaded image is stored twice: `/uploads/<name>.webp` (full size, the image_url the API returns) and
 * `/uploads/<name>-card.webp` (card size). Other URLs have no card variant and are used as they are.
 */
const UPLOADED = /^(\/uploads\/[A-Za-z0-9_-]+)\.webp$/;

export const IMAGE_SIZES = {
  full: { width: 1200, height: 1200 },
  card: { width: 480, height: 480 },
} as const;

export function cardImageUrl(imageUrl: string): string {
  const match = UPLOADED.exec(imageUrl);
  return match ? `${match[1]}-card.webp` : imageUrl;
}

export function isUploadedImageUrl(imageUrl: string): boolean {
  return UPLOADED.test(imageUrl);
}

/**
 * Telegram takes only JPEG for an inline result's photo: an uploaded image (either size) is also served as
 * `/api/telegram/photo/<name>.jpg`, made from its WebP. Null for other URLs.
 */
export function telegramPhotoPath(imageUrl: string): string | null {
  const match = /^\/uploads\/([A-Za-z0-9_-]+)\.webp$/.exec(imageUrl);
  return match ? `/api/telegram/photo/${match[1]}.jpg` : null;
}

/** The uploaded WebP a Telegram photo name (`<name>.jpg`) is made from, or null for any other name. */
export function uploadOfTelegramPhoto(name: string): string | null {
  const match = /^([A-Za-z0-9_-]{1,100})\.jpg$/.exec(name);
  return match ? `${match[1]}.webp` : null;
}

/** How wide the product page's main image is drawn: the browser picks the card or the full file from it. */
export const GALLERY_IMAGE_SIZES = "(min-width: 1024px) 600px, 100vw";

/**
 * `srcset` offering both stored sizes of an uploaded image, so a phone downloads the 480 px card instead of the
 * 1200 px original when that is sharp enough; null for other URLs (one file only).
 */
export function imageSrcSet(imageUrl: string): string | null {
  if (!isUploadedImageUrl(imageUrl)) return null;
  return `${cardImageUrl(imageUrl)} ${IMAGE_SIZES.card.width}w, ${imageUrl} ${IMAGE_SIZES.full.width}w`;
}
