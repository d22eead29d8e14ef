import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";

/** Off by default; routes opt in with `config: { rateLimit: {...} }` (the admin login does). */
export default fp(async (app) => {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      message: `Слишком много попыток. Повторите через ${Math.ceil(context.ttl / 1000)} с.`,
    }),
  });
});
