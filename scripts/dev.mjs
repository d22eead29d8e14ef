// `npm run dev`: the shop's process with tsx watch. With DELIVERY_STANDINS=1 the carriers' stand-ins start first on
// loopback (core/test/helpers/carrier-standins.ts) and the shop talks to them instead of СДЭК and Почта России
// (docs/delivery.md#stand-ins).
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";

const children = [];
let env = { ...process.env };

if (["1", "true", "yes", "on"].includes((process.env.DELIVERY_STANDINS ?? "").toLowerCase())) {
  const standins = spawn("npx", ["tsx", "core/test/helpers/carrier-standins-cli.ts"], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(standins);
  const [line] = await once(createInterface({ input: standins.stdout }), "line");
  const standinEnv = JSON.parse(line);
  env = { ...standinEnv, ...env };
  console.log(`carrier stand-ins: СДЭК ${standinEnv.CDEK_API_URL}, Почта ${standinEnv.POCHTA_TARIFF_URL}`);
}

const server = spawn("npm", ["run", "dev", "-w", "server"], { stdio: "inherit", env });
children.push(server);
const stop = (signal) => {
  for (const child of children) child.kill(signal);
};
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
server.on("exit", (code) => {
  stop("SIGTERM");
  process.exit(code ?? 0);
});
