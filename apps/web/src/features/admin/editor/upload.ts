import { UPLOAD_MAX_FILES } from "@shop/shared/constants";
import { uploadImages } from "../api/catalog";

/**
 * Uploads the files in batches the server accepts (at most UPLOAD_MAX_FILES per request), reporting the overall
 * progress from 0 to 1 by bytes. Resolves to the stored URLs in the files' order.
 */
export async function uploadInBatches(files: File[], onProgress: (fraction: number) => void): Promise<string[]> {
  const totalBytes = files.reduce((sum, file) => sum + file.size, 0) || 1;
  const urls: string[] = [];
  let doneBytes = 0;
  for (let start = 0; start < files.length; start += UPLOAD_MAX_FILES) {
    const batch = files.slice(start, start + UPLOAD_MAX_FILES);
    const batchBytes = batch.reduce((sum, file) => sum + file.size, 0);
    const paths = await uploadImages(batch, (fraction) => onProgress(Math.min(1, (doneBytes + fraction * batchBytes) / totalBytes)));
    urls.push(...paths);
    doneBytes += batchBytes;
    onProgress(Math.min(1, doneBytes / totalBytes));
  }
  return urls;
}
