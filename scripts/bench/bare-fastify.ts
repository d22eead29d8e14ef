/**
 * The machine's ceiling for `npm run bench`: Fastify with one route returning a small JSON object, no plugins,
 * no database, started the same way as the API (node --import tsx). Prints "listening <port>".
 *
 * With BARE_ANSWER_BYTES=n the route answers a fixed JSON array instead, padded so that each whole answer (status
 * line, headers and body) is n bytes on the wire: what a read of that size costs the machine (the kernel's
 * loopback, the load generator receiving it) without any of the shop's own work.
 *
 * With BARE_WORK_US=n each request first keeps the CPU busy for n µs: how much work a read may add to the bare
 * route before its rate falls to a given share of the ceiling (docs/api.md, «Targets and what bounds them»).
 */
import net from "node:net";
import Fastify from "fastify";

const answerBytes = Number(process.env.BARE_ANSWER_BYTES ?? 0);
const workUs = Number(process.env.BARE_WORK_US ?? 0);
let body: Buffer | null = null;

const app = Fastify({ logger: false });
app.get("/", async (_request, reply) => {
  if (workUs > 0) for (const until = performance.now() + workUs / 1000; performance.now() < until; );
  return body ? reply.type("application/json; charset=utf-8").send(body) : { hello: "world" };
});
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;

/** The bytes of one whole answer, read from a connection of its own. */
function oneAnswer(): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = 0;
    const socket = net.connect(port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n"));
    socket.on("data", (chunk: Buffer) => (received += chunk.length));
    socket.on("end", () => resolve(received));
    socket.on("error", reject);
  });
}

if (answerBytes > 0) {
  body = Buffer.from("[]");
  // the head around a two-byte body; a longer body only lengthens its content-length's digits
  const head = (await oneAnswer()) - body.length - 1;
  const length = Math.max(4, answerBytes - head - String(answerBytes).length);
  body = Buffer.from(`["${"x".repeat(length - 4)}"]`);
}
console.log(`listening ${port}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
