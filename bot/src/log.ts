/** The slice of a pino logger (Fastify's `app.log`) the bot writes to. */
export interface BotLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: BotLog = { info() {}, warn() {}, error() {} };
