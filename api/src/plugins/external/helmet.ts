import fp from "fastify-plugin";
import helmet from "@fastify/helmet";

/**
 * Security headers. The shop runs inside Telegram's web client as an iframe, so framing is allowed for
 * Telegram's origins instead of being denied.
 */
export default fp(async (app) => {
  await app.register(helmet, {
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: "cross-origin" },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'self'", "https://web.telegram.org", "https://*.telegram.org"],
        upgradeInsecureRequests: null,
      },
    },
  });
});
