/**
 * The machine's ceiling for `npm run bench`: Fastify with one route returning a small JSON object, no plugins,
 * no database, started the same way as the API (node --import tsx). Prints "listening <port>".
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
console.log(`listening ${typeof address === "object" && address ? address.port : 0}`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
