import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from "@shop/shared/constants";

export default fp(async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20 },
  });
});
