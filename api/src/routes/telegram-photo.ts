import Type, { type Static } from "typebox";
import { uploadOfTelegramPhoto } from "@shop/shared/images";
import { ErrorResponse } from "@shop/shared/schemas/common";
import type { App } from "../app-type";
import { notFound } from "../http-errors";
import { uploadAsJpeg } from "../services/uploads";

const PhotoParams = Type.Object({ name: Type.String({ pattern: "^[A-Za-z0-9_-]{1,100}\\.jpg$" }) });

/** Uploaded pictures as JPEG for Telegram's inline results and shared cards (docs/telegram.md#inline-mode). */
export default async function telegramPhotoRoutes(app: App) {
  // a picture, not JSON: the route is typed by hand, so its 200 needs no JSON schema
  app.get<{ Params: Static<typeof PhotoParams> }>(
    "/api/telegram/photo/:name",
    {
      schema: {
        tags: ["telegram"],
        summary: "An uploaded picture as JPEG (Telegram takes only JPEG photos in inline results)",
        params: PhotoParams,
        response: { 400: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const file = uploadOfTelegramPhoto(request.params.name);
      const jpeg = file ? await uploadAsJpeg(app.config.uploadDir, file) : null;
      if (!jpeg) throw notFound("Изображение не найдено");
      // names are random and never reused: the picture under a name never changes
      return reply.type("image/jpeg").header("cache-control", "public, max-age=31536000, immutable").send(jpeg);
    },
  );
}
