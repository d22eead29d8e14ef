import fp from "fastify-plugin";
import jwt from "@fastify/jwt";

export interface AdminTokenPayload {
  sub: string;
  login: string;
  /** the account's session version when the token was made (plugins/app/auth.ts) */
  ver?: number;
}

declare module "@fastify/jwt" {
  interface FastifyJWT {
    payload: AdminTokenPayload;
    user: AdminTokenPayload;
  }
}

export default fp<{ secret: string; expiresIn: number }>(async (app, options) => {
  await app.register(jwt, { secret: options.secret, sign: { expiresIn: options.expiresIn, algorithm: "HS256" }, verify: { algorithms: ["HS256"] } });
});
