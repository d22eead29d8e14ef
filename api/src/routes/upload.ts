import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { UploadResponse } from "@shop/shared/schemas/admin";
import { ErrorResponse } from "@shop/shared/schemas/common";
import { UPLOAD_MAX_FILES } from "@shop/shared/constants";
import type { App } from "../app-type";
import { badRequest, HttpError } from "../http-errors";
import { encodeUpload, storeImages, type EncodedImage } from "../services/uploads";
import { acceptFiles } from "../plugins/external/multipart";

export const FILE_TOO_LARGE = "Файл больше 10 МБ";
export const TOO_MANY_FILES = `Можно загрузить не больше ${UPLOAD_MAX_FILES} файлов за раз`;
export const NO_FILES = "Выберите хотя бы одно изображение";
const NOT_MULTIPART = "Отправьте изображения как multipart/form-data в поле images";

/** @fastify/multipart's limit errors, in words an admin reads. */
function uploadError(error: unknown): unknown {
  switch ((error as { code?: string } | null)?.code) {
    case "FST_REQ_FILE_TOO_LARGE":
      return new HttpError(413, FILE_TOO_LARGE);
    case "FST_FILES_LIMIT":
      return new HttpError(413, TOO_MANY_FILES);
    case "FST_PARTS_LIMIT":
    case "FST_FIELDS_LIMIT":
      return new HttpError(413, "Слишком много полей в запросе");
    case "FST_INVALID_MULTIPART_CONTENT_TYPE":
      return badRequest(NOT_MULTIPART);
    case "FST_MP_PREMATURE_CLOSE":
      return badRequest("Загрузка прервана, попробуйте ещё раз");
    default:
      if (error instanceof Error && /Unexpected end of form|Unexpected end of multipart data|Malformed part header|Multipart: Boundary not found/.test(error.message)) {
        return badRequest("Некорректный multipart-запрос");
      }
      return error;
  }
}

export default async function uploadRoutes(instance: App) {
  await acceptFiles(instance);
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    "/api/admin/upload",
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Upload product images (multipart, repeated field `images`): returns their /uploads/… URLs",
        description:
          "Up to 10 files of up to 10 MB; JPEG, PNG, WebP, GIF or AVIF by content. Each is re-encoded to WebP " +
          "(full size ≤ 1200 px and a `-card` copy ≤ 480 px). One bad file rejects the whole request.",
        security: [{ bearerAuth: [] }],
        consumes: ["multipart/form-data"],
        response: { 200: UploadResponse, 400: ErrorResponse, 401: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest(NOT_MULTIPART);
      const images: EncodedImage[] = [];
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== "images" && part.fieldname !== "images[]") {
            part.file.resume();
            continue;
          }
          const data = await part.toBuffer();
          if (data.length === 0) continue; // an empty file input
          images.push(await encodeUpload(data, part.filename));
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (images.length === 0) throw badRequest(NO_FILES);
      return { filePaths: await storeImages(app.config.uploadDir, images) };
    },
  );
}
