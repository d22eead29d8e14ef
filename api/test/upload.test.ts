import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { telegramPhotoPath } from "@shop/shared/images";
import { multipart, picture, pngImage } from "./helpers/multipart";
import { createTestApp, type TestApp } from "./helpers/test-app";

let t: TestApp;
let auth: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  auth = { authorization: `Bearer ${await t.adminToken()}` };
});
afterAll(async () => t?.close());

const upload = (body: ReturnType<typeof multipart>) =>
  t.app.inject({ method: "POST", url: "/api/admin/upload", payload: body.payload, headers: { ...body.headers, ...auth } });
const storedFiles = () => readdirSync(t.config.uploadDir).sort();
const UPLOADED_URL = /^\/uploads\/[A-Za-z0-9_-]{22}\.webp$/;
const onDisk = (url: string) => path.join(t.config.uploadDir, path.basename(url));

describe("POST /api/admin/upload", () => {
  it("re-encodes a real PNG to WebP in full and card sizes under a random name", async () => {
    const response = await upload(multipart([{ filename: "ваза.png", contentType: "image/png", data: await pngImage(2000, 1000) }]));
    expect(response.statusCode).toBe(200);
    const { filePaths } = response.json();
    expect(filePaths).toHaveLength(1);
    expect(filePaths[0]).toMatch(UPLOADED_URL);

    const full = await sharp(onDisk(filePaths[0])).metadata();
    expect([full.format, full.width, full.height]).toEqual(["webp", 1200, 600]);
    const card = await sharp(onDisk(filePaths[0].replace(".webp", "-card.webp"))).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 480, 240]);
  });

  it("serves uploaded images with a long-lived immutable cache", async () => {
    const { filePaths } = (await upload(multipart([{ filename: "a.png", data: await pngImage() }]))).json();
    for (const url of [filePaths[0], filePaths[0].replace(".webp", "-card.webp")]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/webp");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
    const missing = await t.app.inject({ method: "GET", url: "/uploads/nothing-here.webp" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: "Не найдено" });
  });

  it("serves an uploaded image as JPEG for Telegram, in both sizes; a missing or odd name is refused", async () => {
    const { filePaths } = (await upload(multipart([{ filename: "a.png", data: await pngImage(2000, 1000) }]))).json();
    for (const [url, width] of [[filePaths[0], 1200], [filePaths[0].replace(".webp", "-card.webp"), 480]] as const) {
      const response = await t.app.inject({ method: "GET", url: telegramPhotoPath(url)! });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("image/jpeg");
      expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const jpeg = await sharp(response.rawPayload).metadata();
      expect([jpeg.format, jpeg.width]).toEqual(["jpeg", width]);
    }
    const missing = await t.app.inject({ method: "GET", url: "/api/telegram/photo/nothing-here.jpg" });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: "Изображение не найдено" }]);
    for (const odd of ["..%2F..%2Fetc%2Fpasswd.jpg", "a.webp", "a.b.jpg"]) {
      const refused = await t.app.inject({ method: "GET", url: `/api/telegram/photo/${odd}` });
      expect(refused.statusCode, odd).toBe(400);
      expect(refused.json<{ message: string }>().message).toMatch(/[а-я]/);
    }
  });

  it("accepts a photo of several megabytes (the JSON body limit does not apply to uploads)", async () => {
    const noise = await sharp(randomBytes(1500 * 1000 * 3), { raw: { width: 1500, height: 1000, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const response = await upload(multipart([{ filename: "photo.png", data: noise }]));
    expect(response.statusCode).toBe(200);
  });

  it("never enlarges a small image", async () => {
    const { filePaths } = (await upload(multipart([{ filename: "small.png", data: await pngImage(300, 200) }]))).json();
    const full = await sharp(onDisk(filePaths[0])).metadata();
    expect([full.width, full.height]).toEqual([300, 200]);
    const card = await sharp(onDisk(filePaths[0].replace(".webp", "-card.webp"))).metadata();
    expect([card.width, card.height]).toEqual([300, 200]);
  });

  it("turns a photo upright by its EXIF orientation and drops its metadata", async () => {
    const photo = await picture(200, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const { filePaths } = (await upload(multipart([{ filename: "IMG_0001.JPG", contentType: "image/jpeg", data: photo }]))).json();
    const stored = await sharp(onDisk(filePaths[0])).metadata();
    expect([stored.width, stored.height]).toEqual([100, 200]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("takes several files of every accepted format in one request, in order", async () => {
    const files = [
      { filename: "1.jpg", data: await picture(40, 30).jpeg().toBuffer() },
      { filename: "2.webp", data: await picture(40, 30).webp().toBuffer() },
      { filename: "3.gif", data: await picture(40, 30).gif().toBuffer() },
      { filename: "4.avif", data: await picture(40, 30).avif().toBuffer() },
      { filename: "5.png", data: await pngImage(40, 30) },
    ];
    const response = await upload(multipart(files));
    expect(response.statusCode).toBe(200);
    const { filePaths } = response.json();
    expect(filePaths).toHaveLength(5);
    expect(new Set(filePaths).size).toBe(5);
    for (const url of filePaths) {
      expect(url).toMatch(UPLOADED_URL);
      expect((await sharp(onDisk(url)).metadata()).format).toBe("webp");
    }
  });

  it("refuses a text file renamed to .jpg, whatever the Content-Type says", async () => {
    const before = storedFiles();
    const response = await upload(
      multipart([{ filename: "notes.jpg", contentType: "image/jpeg", data: Buffer.from("это не картинка, а текст\n".repeat(50)) }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Файл "notes.jpg" не является изображением (JPEG, PNG, WebP, GIF, AVIF)' });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses SVG, which is a real image format but can carry scripts", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    expect((await sharp(svg).metadata()).format).toBe("svg");
    const response = await upload(multipart([{ filename: "logo.svg", contentType: "image/svg+xml", data: svg }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Файл "logo.svg" не является изображением (JPEG, PNG, WebP, GIF, AVIF)');
  });

  it("refuses other formats sharp can read (TIFF)", async () => {
    const response = await upload(multipart([{ filename: "scan.tiff", data: await picture(20, 20).tiff().toBuffer() }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^Файл "scan\.tiff" не является изображением/);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const before = storedFiles();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const response = await upload(multipart([{ filename: "ok.png", data: await pngImage() }, { filename: "huge.jpg", data: big }]));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Файл больше 10 МБ" });
    expect(storedFiles()).toEqual(before);
  });

  it("refuses more than 10 files and keeps none of them", async () => {
    const before = storedFiles();
    const png = await pngImage();
    const files = Array.from({ length: 11 }, (_, i) => ({ filename: `${i}.png`, data: png }));
    const response = await upload(multipart(files));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: "Можно загрузить не больше 10 файлов за раз" });
    expect(storedFiles()).toEqual(before);

    const ten = await upload(multipart(files.slice(0, 10)));
    expect(ten.statusCode).toBe(200);
    expect(ten.json().filePaths).toHaveLength(10);
  });

  it("keeps nothing when one file of several is bad", async () => {
    const before = storedFiles();
    const response = await upload(
      multipart([
        { filename: "good.png", data: await pngImage() },
        { filename: "bad.png", data: Buffer.from("not a png") },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Файл "bad.png" не является изображением (JPEG, PNG, WebP, GIF, AVIF)');
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a picture larger than 40 megapixels before decoding it", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#000" } }).png({ compressionLevel: 1 }).toBuffer();
    const response = await upload(multipart([{ filename: "panorama.png", data: huge }]));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Изображение "panorama.png" слишком большое: не больше 40 мегапикселей');
  });

  it("asks for files when there are none, and for multipart when the body is something else", async () => {
    const empty = await upload(multipart([], { note: "без файлов" }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: "Выберите хотя бы одно изображение" });

    const otherField = await upload(multipart([{ field: "avatar", filename: "a.png", data: await pngImage() }]));
    expect(otherField.statusCode).toBe(400);
    expect(otherField.json().message).toBe("Выберите хотя бы одно изображение");

    const json = await t.app.inject({ method: "POST", url: "/api/admin/upload", payload: { images: [] }, headers: auth });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe("Отправьте изображения как multipart/form-data в поле images");
  });

  it("needs an admin token", async () => {
    const body = multipart([{ filename: "a.png", data: await pngImage() }]);
    const response = await t.app.inject({ method: "POST", url: "/api/admin/upload", payload: body.payload, headers: body.headers });
    expect(response.statusCode).toBe(401);
  });
});
