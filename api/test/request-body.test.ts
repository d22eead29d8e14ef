import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REQUEST_TIMEOUT_MS } from "../src/app";
import { BODY_TIMEOUT_MS, BODY_TOO_SLOW, NOT_UTF8 } from "../src/plugins/app/request-body";
import { CONTACT, line } from "./helpers/checkout";
import { createFixture, type Fixture } from "./helpers/fixtures";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** How request bodies are read (docs/api.md#validation-messages): UTF-8 only, and within a bounded time. */

let t: TestApp;
let f: Fixture;
let port: number;
/** the shop's 30 s, shortened for the test */
const BODY_TIMEOUT_IN_TEST_MS = 1_000;

beforeAll(async () => {
  // the catalogue answers from memory without asking for its version, as in the shop: a kept answer then goes out
  // in the same turn as its request arrived
  t = await createTestApp({ bodyTimeoutMs: BODY_TIMEOUT_IN_TEST_MS, catalogCheckMs: 60_000 });
  f = await createFixture(t.prisma);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

const checkout = () => JSON.stringify({ ...CONTACT, customer_name: "Зоя Кузнецова", cart_items: [line(f.products[0]!)] });
const post = (payload: string | Buffer, contentType: string) =>
  t.app.inject({ method: "POST", url: "/api/orders", headers: { "content-type": contentType }, payload });

describe("the body's encoding", () => {
  it("answers a charset other than UTF-8 with 415 in Russian, and writes nothing", async () => {
    const before = await t.prisma.order.count();
    for (const charset of ["utf-16", "UTF-16LE", "latin1", "windows-1251", '"koi8-r"']) {
      const response = await post(checkout(), `application/json; charset=${charset}`);
      expect(response.statusCode, charset).toBe(415);
      expect(response.json(), charset).toEqual({ message: NOT_UTF8 });
    }
    expect(await t.prisma.order.count()).toBe(before);
    for (const contentType of ["application/json; charset=utf-8", "application/json;charset=UTF-8", "application/json; charset=utf8", "application/json"]) {
      expect((await post(checkout(), contentType)).statusCode, contentType).toBe(201);
    }
  });

  it("answers a body whose bytes are not UTF-8 with 415: UTF-16 with or without its byte order mark, Latin-1", async () => {
    const json = checkout();
    const utf16 = Buffer.from(json, "utf16le");
    for (const [what, bytes] of [
      ["UTF-16 with BOM", Buffer.concat([Buffer.from([0xff, 0xfe]), utf16])],
      ["UTF-16 without BOM", utf16],
      ["UTF-16BE with BOM", Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(utf16).swap16()])],
      ["Latin-1", Buffer.from(json.replace("Зоя Кузнецова", "Zoé Kuznetsova"), "latin1")],
    ] as const) {
      const response = await post(bytes, "application/json");
      expect(response.statusCode, what).toBe(415);
      expect(response.json(), what).toEqual({ message: NOT_UTF8 });
    }
  });

  it("reads UTF-8 with a byte order mark, as JSON allows, and keeps its Cyrillic", async () => {
    const response = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(checkout(), "utf8")]), "application/json");
    expect(response.statusCode).toBe(201);
    const order = await t.prisma.order.findUniqueOrThrow({ where: { id: response.json<{ id: number }>().id } });
    expect(order.customerName).toBe("Зоя Кузнецова");
  });

  it("still answers broken JSON with 400", async () => {
    const response = await post(`{"customer_name": "Зоя",`, "application/json");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Некорректный JSON в теле запроса" });
  });
});

/** A raw HTTP exchange: writes the head and the start of a body, then a byte now and then, until the server answers. */
function slowRequest(head: string, start: string, dripEveryMs = 200): Promise<{ answer: string; afterMs: number; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head + start));
    const drip = setInterval(() => socket.writable && socket.write("x"), dripEveryMs);
    let answer = "";
    let answeredAt = 0;
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
      answeredAt ||= Date.now();
    });
    const finish = (closed: boolean) => {
      clearInterval(drip);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ answer, afterMs: (answeredAt || Date.now()) - started, closed });
    };
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
    const giveUp = setTimeout(() => (answer ? finish(false) : reject(new Error("no answer in 10 s"))), 10_000);
  });
}

describe("a body that does not arrive in time", () => {
  it("is cut with 408 in Russian and the connection closed once the time is up", async () => {
    const head = `POST /api/orders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const { answer, afterMs, closed } = await slowRequest(head, "{");
    const [status, ...rest] = answer.split("\r\n");
    expect(status).toBe("HTTP/1.1 408 Request Timeout");
    expect(rest.join("\r\n").toLowerCase()).toContain("connection: close");
    expect(JSON.parse(answer.split("\r\n\r\n")[1]!)).toEqual({ message: BODY_TOO_SLOW });
    expect(afterMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_IN_TEST_MS - 50);
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_IN_TEST_MS + 2_000);
    expect(closed).toBe(true);
  });

  it("answered before it arrived (no session), closes the connection at once instead of reading on", async () => {
    const head = `POST /api/admin/products HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const { answer, afterMs, closed } = await slowRequest(head, "{");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_IN_TEST_MS);
    expect(closed).toBe(true);
  });

  it("to an address that is no route, is cut the same way", async () => {
    const head = `POST /api/no-such-route HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n`;
    const { answer, afterMs, closed } = await slowRequest(head, "{");
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(afterMs).toBeLessThan(BODY_TIMEOUT_IN_TEST_MS + 2_000);
    expect(closed).toBe(true);
  });

  it("keeps the connection open for the next request when the request had no body or its body arrived whole", async () => {
    const body = checkout();
    // a kept answer (the second of the same address) goes out before Node has marked its bodiless request complete
    const requests = [
      `GET /api/products?page=1&limit=2 HTTP/1.1\r\nHost: shop\r\n\r\n`,
      `GET /api/products?page=1&limit=2 HTTP/1.1\r\nHost: shop\r\n\r\n`,
      `GET /api/categories HTTP/1.1\r\nHost: shop\r\n\r\n`,
      `POST /api/orders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      `GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n`,
    ];
    const answers = await new Promise<string[]>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      const heads: string[] = [];
      let text = "";
      const sendNext = () => socket.write(requests[heads.length]!);
      socket.on("connect", sendNext);
      socket.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        // one answer at a time: its head, then as many body bytes as its content-length says
        const end = text.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
        if (Buffer.byteLength(text.slice(end + 4)) < length) return;
        heads.push(text.slice(0, end));
        text = "";
        if (heads.length === requests.length) {
          socket.end();
          resolve(heads);
        } else sendNext();
      });
      socket.on("close", () => reject(new Error(`closed after ${heads.length} answers: ${heads.join(" | ")}`)));
    });
    expect(answers.map((head) => head.split("\r\n")[0])).toEqual([
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 200 OK",
      "HTTP/1.1 201 Created",
      "HTTP/1.1 200 OK",
    ]);
    for (const head of answers) expect(head.toLowerCase()).not.toContain("connection: close");
  });

  it("has 30 s in the shop, and the whole request (an upload's too) 2 minutes", async () => {
    expect(BODY_TIMEOUT_MS).toBe(30_000);
    expect(REQUEST_TIMEOUT_MS).toBe(120_000);
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    // a body that arrives whole in good time is a normal order
    const body = checkout();
    const head = `POST /api/orders HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`;
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(head + body.slice(0, 10));
        setTimeout(() => socket.write(body.slice(10)), 300);
      });
      let text = "";
      socket.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      socket.on("close", () => resolve(text));
    });
    expect(answer.split("\r\n")[0]).toBe("HTTP/1.1 201 Created");
  });
});
