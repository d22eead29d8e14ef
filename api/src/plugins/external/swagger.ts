import fp from "fastify-plugin";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";

/** The OpenAPI document is generated from the route schemas: /api/docs (UI) and /api/docs/json. */
export default fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: { title: "Handmade shop API", version: "1.0.0", description: "Catalogue, orders, Telegram and admin API." },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          telegramInitData: { type: "apiKey", in: "header", name: "X-Telegram-Init-Data" },
        },
      },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    staticCSP: true,
    // the plugin's own policy lets its pages be framed by the same origin; like the admin panel, nobody may
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
});
