import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import fp from "fastify-plugin";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ShopError, type ShopErrorKind } from "@shop/core/errors";
import { isDatabaseUnavailable, isTransientConflict } from "@shop/prisma/unavailable";
import { DATABASE_UNAVAILABLE_MESSAGE, DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS, HttpError } from "../../http-errors";
import { validationMessages } from "./validation-messages";


const SHOP_ERROR_STATUS: Record<ShopErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  unprocessable: 422,
};


/** The 503 of a database that is not there (isDatabaseUnavailable), on any route. */
export function databaseUnavailable(reply: FastifyReply) {
  reply.header("Retry-After", String(DATABASE_UNAVAILABLE_RETRY_AFTER_SECONDS));
  return reply.status(503).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
}

const STATUS_MESSAGES: Record<number, string> = {
  400: "Некорректный запрос",
  401: "Требуется авторизация",
  403: "Недостаточно прав",
  404: "Не найдено",
  405: "Метод не поддерживается",
  406: "Неподдерживаемый формат ответа",
  408: "Запрос не пришёл целиком вовремя",
  409: "Конфликт данных",
  413: "Слишком большой запрос",
  415: "Неподдерживаемый тип данных",
  429: "Слишком много запросов, попробуйте позже",
};

/** The router's own refusals (an address that is not valid percent-encoding, a path segment too long), in Russian. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode === 414 ? 414 : 400;
  reply.status(status).send({ message: status === 414 ? "Слишком длинный адрес запроса" : "Некорректный адрес запроса" });
}

/**
 * What Node's HTTP parser refuses before the router sees the request (bytes an address may not hold, such as
 * unencoded Cyrillic; headers over the size limit; a request that did not arrive in time): the same Russian
 * `{ message }` as every other error, then the connection is closed, as Node does.
 */
export function clientErrors(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, "Запрос не пришёл целиком вовремя"]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Слишком большие заголовки запроса"]
        : [400, "Некорректный запрос"];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ShopError) {
      const body = { message: error.message, ...(error.fields ? { errors: error.fields } : {}), ...error.details };
      return reply.status(SHOP_ERROR_STATUS[error.kind]).send(body);
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (error.validation) {
      return reply.status(400).send(validationMessages(error.validation, error.validationContext));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unreachable: answered 503");
      return databaseUnavailable(reply);
    }
    if (isTransientConflict(error)) {
      request.log.warn({ err: error }, "deadlock or serialization failure after every retry: answered 503");
      return databaseUnavailable(reply);
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ message: "Внутренняя ошибка сервера" });
    }
    if (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError) {
      return reply.status(400).send({ message: "Некорректный JSON в теле запроса" });
    }
    return reply.status(status).send({ message: STATUS_MESSAGES[status] ?? error.message });
  });
});
