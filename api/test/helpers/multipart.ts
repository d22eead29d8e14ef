import { randomBytes } from "node:crypto";
import sharp from "sharp";

export interface MultipartFile {
  field?: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it, for `app.inject`. */
export function multipart(files: MultipartFile[], fields: Record<string, string> = {}) {
  const boundary = "----shoptest" + randomBytes(8).toString("hex");
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? "images"}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** A real picture of the given size: a gradient-ish block so the encoders have something to do. */
export function picture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });
}

export const pngImage = (width = 64, height = 48) => picture(width, height).png().toBuffer();
