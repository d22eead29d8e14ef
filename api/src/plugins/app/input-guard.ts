import fp from "fastify-plugin";
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import { hasLoneSurrogate } from "@shop/shared/text";
import { badRequest } from "../../http-errors";
import { fieldLabel } from "./validation-messages";

/**
 * What the schemas cannot say about typed input, checked before them on every route (docs/api.md#validation-messages):
 * - text: a NUL character is removed (PostgreSQL cannot store it); half of an emoji (a lone surrogate) is refused;
 * - nesting: lists and objects deeper than MAX_DEPTH are refused;
 * - numbers: where the schema wants a number, a string must be a plain decimal. The validator reads query strings
 *   and path parameters with JavaScript's `+x`, which takes 'Infinity', '1e309' and '0x10' for numbers; in a body
 *   no string is a number (lib/validators.ts), and the field is named here the same way.
 */

export const BAD_TEXT = "текст содержит недопустимые символы";
export const NOT_A_NUMBER = "должно быть числом";
export const TOO_DEEP = "слишком много уровней вложенности";

/**
 * Lists and objects nested deeper than this are refused: no request of the shop (nor a Telegram update) comes near
 * it, and walking thousands of levels would run out of stack.
 */
export const MAX_DEPTH = 32;

const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

/** What the number check needs of a schema node, with every branch of its unions and intersections. */
interface Shape {
  /** a string here must be a plain decimal: the node wants a number and no branch takes a string */
  numericOnly: boolean;
  /** the branches' list items */
  items: SchemaNode[];
  /** the branches' properties */
  properties: [string, SchemaNode][];
}

/** The node and every branch of its unions and intersections. */
function branches(schema: SchemaNode): SchemaNode[] {
  return [schema, ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap(branches)];
}

/** worked out once per schema node: a route's schema does not change, and the check runs on every request */
const shapes = new WeakMap<SchemaNode, Shape>();

function shapeOf(schema: SchemaNode): Shape {
  let shape = shapes.get(schema);
  if (!shape) {
    const nodes = branches(schema);
    const types = new Set(nodes.flatMap((node) => (node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type])));
    shape = {
      numericOnly: (types.has("number") || types.has("integer")) && !types.has("string"),
      items: nodes.flatMap((node) => (node.items ? [node.items] : [])),
      properties: nodes.flatMap((node) => Object.entries(node.properties ?? {})),
    };
    shapes.set(schema, shape);
  }
  return shape;
}

/** `key` in front of a path found inside the value under it ("" is that value itself). */
function under(key: string | number, found: string): string {
  return found === "" ? String(key) : `${key}.${found}`;
}

/**
 * The first path under `value` (`cart_items.0.quantity`, "" for the value itself) whose string stands where only a
 * number may: null when there is none. Paths are put together only for what is found: the check runs on every
 * request, and almost every request has nothing to find.
 */
function numberAsBadString(schema: SchemaNode, value: unknown): string | null {
  const shape = shapeOf(schema);
  if (typeof value === "string") {
    if (shape.numericOnly && !DECIMAL.test(value)) return "";
    // a string that could be a list of one (coerced) is checked against the list's items
    for (const items of shape.items) {
      const found = numberAsBadString(items, value);
      if (found !== null) return found;
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const items of shape.items) {
      for (let index = 0; index < value.length; index++) {
        const found = numberAsBadString(items, value[index]);
        if (found !== null) return under(index, found);
      }
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, property] of shape.properties) {
      if (!(key in value)) continue;
      const found = numberAsBadString(property, (value as Record<string, unknown>)[key]);
      if (found !== null) return under(key, found);
    }
  }
  return null;
}

/** What the text check found, and where ("" for the value it was given). */
interface Found {
  path: string;
  problem: string;
}

const inside = (key: string | number, found: Found): Found => ({ path: under(key, found.path), problem: found.problem });

/**
 * Removes NUL from every string of `holder[key]` (in place for objects and arrays); what it finds under it: a lone
 * surrogate, or lists and objects nested deeper than MAX_DEPTH. Null when nothing.
 */
function cleanText(holder: Record<string | number, unknown>, key: string | number, depth = 0): Found | null {
  const value = holder[key];
  if (typeof value === "string") {
    if (hasLoneSurrogate(value)) return { path: "", problem: BAD_TEXT };
    if (value.includes("\u0000")) holder[key] = value.replaceAll("\u0000", "");
    return null;
  }
  if (value === null || typeof value !== "object") return null;
  if (depth === MAX_DEPTH) return { path: "", problem: TOO_DEEP };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = cleanText(value as unknown[] as Record<number, unknown>, index, depth + 1);
      if (found !== null) return inside(index, found);
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (hasLoneSurrogate(name)) return { path: "", problem: BAD_TEXT };
    const found = cleanText(record, name, depth + 1);
    if (found !== null) return inside(name, found);
  }
  return null;
}

const PARTS = [
  ["body", "body"],
  ["query", "querystring"],
  ["params", "params"],
] as const;

/** A 400 shaped like the validator's (validation-messages.ts): the field's label and the problem, under its path. */
function refuse(path: string, part: string, problem: string): never {
  const message = `${fieldLabel(path, part)}: ${problem}`;
  throw badRequest(message, { [path || part]: message });
}

/** Printable ASCII without `%`: the query and the path's parameters of such a URL are its own characters, undecoded. */
const PLAIN_URL = /^[\x21-\x24\x26-\x7e]*$/;

type Schema = Partial<Record<(typeof PARTS)[number][1], SchemaNode>>;

function guard(request: FastifyRequest, schema: Schema | undefined): void {
  // a plain URL holds no NUL and no half of an emoji: its query and parameters need no text check
  const plainUrl = PLAIN_URL.test(request.url);
  for (const [property, part] of PARTS) {
    const badText = plainUrl && property !== "body" ? null : cleanText(request as unknown as Record<string, unknown>, property);
    if (badText !== null) refuse(badText.path, part, badText.problem);
    const partSchema = schema?.[part];
    const badNumber = partSchema ? numberAsBadString(partSchema, request[property]) : null;
    if (badNumber !== null) refuse(badNumber, part, NOT_A_NUMBER);
  }
}

export default fp(async function inputGuardPlugin(app: FastifyInstance) {
  // each route's hook holds its own schema: reading it from the request (request.routeOptions) makes an object
  // on every request. A callback hook, not an async one: a promise per request costs more than the check.
  app.addHook("onRoute", (route) => {
    const schema = route.schema as Schema | undefined;
    const hook: preValidationHookHandler = (request, _reply, done) => {
      try {
        guard(request, schema);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    route.preValidation = [hook, ...(route.preValidation === undefined ? [] : Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation])];
  });
});
