import { startCdekStandin, startPochtaStandin, standinEnv } from "./carrier-standins";

/**
 * The carriers' stand-ins on fixed loopback ports, for `DELIVERY_STANDINS=1 npm run dev` (scripts/dev.mjs): prints
 * the environment that points the shop at them as one JSON line, then serves until it is stopped.
 */
const cdek = await startCdekStandin({ port: Number(process.env.CDEK_STANDIN_PORT ?? 18081) });
const pochta = await startPochtaStandin({ port: Number(process.env.POCHTA_STANDIN_PORT ?? 18082) });
const env = standinEnv(cdek, pochta);
process.stdout.write(JSON.stringify(env) + "\n");
const stop = async () => {
  await cdek.close();
  await pochta.close();
  process.exit(0);
};
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
