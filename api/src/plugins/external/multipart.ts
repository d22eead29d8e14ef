import fp from "fastify-plugin";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from "@shop/shared/constants";

const MULTIPART = "multipart/form-data";

/**
 * Multipart bodies outside the routes that take files: accepted without a body, as @fastify/multipart accepts them
 * (the route's schema then answers). The plugin itself is registered only where files are read (acceptFiles):
 * registered for the whole app it adds a request hook and a response hook to every route, for temporary files
 * the shop never saves, and every catalogue read paid for both.
 */
export default fp(async (app) => {
  app.addContentTypeParser(MULTIPART, (_request, _payload, done) => done(null));
});

/** @fastify/multipart in the calling plugin's scope: its routes read the files of multipart requests. */
export async function acceptFiles(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser(MULTIPART);
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 20, parts: UPLOAD_MAX_FILES + 20 },
  });
}
