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
