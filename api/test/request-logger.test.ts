import { Writable } from "node:stream";
import Fastify, { LogController } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { requestLogger } from "../src/lib/request-logger";

/** A server logging into `lines` at `level`, with the shop's request logger, and two routes: one logs, one does not. */
async function serverLoggingTo(lines: Record<string, unknown>[], level: string) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, logController: new LogController({ disableRequestLogging: true }), childLoggerFactory: requestLogger });
  app.get("/quiet", async () => ({ ok: true }));
  app.get("/loud", async (request) => {
    request.log.warn({ detail: 42 }, "something to see");
    request.log.debug("below the level");
    return { ok: true };
  });
  await app.ready();
  return app;
}

describe("request logger", () => {
  it("makes a request's child logger only when the request logs, and binds it to the request's id", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await serverLoggingTo(lines, "info");
    const child = vi.spyOn(app.log, "child");

    await app.inject({ url: "/quiet" });
    expect(child).not.toHaveBeenCalled();

    const loud = await app.inject({ url: "/loud" });
    expect(loud.statusCode).toBe(200);
    expect(child).toHaveBeenCalledTimes(1);
    const logged = lines.filter((line) => line.msg === "something to see");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 40, detail: 42, reqId: expect.any(String) });
    expect(lines.some((line) => line.msg === "below the level")).toBe(false);
    await app.close();
  });

  it("follows the server's level", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await serverLoggingTo(lines, "debug");
    await app.inject({ url: "/loud" });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(["something to see", "below the level"]));
    await app.close();
  });
});
