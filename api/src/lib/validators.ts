import AjvCompiler from "@fastify/ajv-compiler";
import type { FastifyRouteSchemaDef, FastifySchemaCompiler } from "fastify/types/schema";

/** The validator's settings for every part of a request; only type coercion differs between them (below). */
// allowUnionTypes: a few fields take a number or text as typed (`type: ["number", "string"]`, the admin's price)
const AJV_OPTIONS = { removeAdditional: true, useDefaults: true, allErrors: false, strictNumbers: true, allowUnionTypes: true } as const;

type Externals = Parameters<ReturnType<typeof AjvCompiler>>[0];
type Compile = (route: FastifyRouteSchemaDef<unknown>) => ReturnType<FastifySchemaCompiler<unknown>>;

/**
 * Fastify's own validator (@fastify/ajv-compiler, with its formats), in two settings by the part of the request:
 * - query strings, path parameters and headers are text by nature: their numbers and booleans are read from it
 *   ("array": a single `?id=3` is also a list of one), as docs/api.md lists them;
 * - a JSON body says what each value is: `true` is not the number 1, `1` is not the text "1", `null` is not 0.
 *   Its types are checked as sent, never converted.
 */
export function buildValidator(externalSchemas: Externals): Compile {
  const pool = AjvCompiler();
  const coercing = pool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: "array" } }) as unknown as Compile;
  const exact = pool(externalSchemas, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } }) as unknown as Compile;
  return (route) => (route.httpPart === "body" ? exact(route) : coercing(route));
}
