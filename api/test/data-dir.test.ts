import { chmodSync, mkdirSync, mkdtempSync, readdirSync, lstatSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { protectDataDir } from "@shop/prisma/data-dir";
import { createScratchDatabase } from "@shop/prisma/test-database";
import { startApiProcess } from "./helpers/api-process";
import { multipart, pngImage } from "./helpers/multipart";

/** every entry under dir (dir itself included) with its permission bits, symbolic links left out */
function listModes(dir: string): Record<string, string> {
  const modes: Record<string, string> = { ".": (lstatSync(dir).mode & 0o777).toString(8) };
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const relative = path.join(sub, entry.name);
      if (entry.isSymbolicLink()) continue;
      modes[relative] = (lstatSync(path.join(dir, relative)).mode & 0o777).toString(8);
      if (entry.isDirectory()) walk(relative);
    }
  };
  walk("");
  return modes;
}

const openToOthers = (modes: Record<string, string>) =>
  Object.entries(modes).filter(([, mode]) => (parseInt(mode, 8) & 0o077) !== 0);

const scratchDirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shop-data-dir-"));
  scratchDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe("the data directory is its owner's alone (docs/database.md#the-data-directory)", () => {
  it("protectDataDir closes what an earlier version left open, and nothing else", () => {
    const dataDir = path.join(scratch(), "data");
    mkdirSync(path.join(dataDir, "db", "base"), { recursive: true });
    writeFileSync(path.join(dataDir, "db", "base", "1259"), "x");
    writeFileSync(path.join(dataDir, "admin-password.txt"), "secret");
    writeFileSync(path.join(dataDir, "private.txt"), "x");
    chmodSync(path.join(dataDir, "db", "base", "1259"), 0o666);
    chmodSync(path.join(dataDir, "admin-password.txt"), 0o644);
    chmodSync(path.join(dataDir, "private.txt"), 0o600);
    chmodSync(path.join(dataDir, "db", "base"), 0o777);
    chmodSync(path.join(dataDir, "db"), 0o755);
    chmodSync(dataDir, 0o777);
    const outside = path.join(scratch(), "outside.txt");
    writeFileSync(outside, "x");
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dataDir, "link"));

    expect(protectDataDir(dataDir)).toEqual({ changed: 5 });
    expect(listModes(dataDir)).toEqual({
      ".": "700",
      db: "700",
      "db/base": "700",
      "db/base/1259": "600",
      "admin-password.txt": "600",
      "private.txt": "600",
    });
    // a link's target is not the shop's to change
    expect((lstatSync(outside).mode & 0o777).toString(8)).toBe("644");
    expect(protectDataDir(dataDir)).toEqual({ changed: 0 });
  });

  it("the running shop keeps its database, password file and uploads private, also in a data directory made before", async () => {
    const dataDir = path.join(scratch(), "data");
    // what an earlier version left: a world-readable upload and folders
    mkdirSync(path.join(dataDir, "uploads"), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(dataDir, "uploads", "old-picture.webp"), "old");
    chmodSync(path.join(dataDir, "uploads", "old-picture.webp"), 0o666);
    chmodSync(path.join(dataDir, "uploads"), 0o777);
    chmodSync(dataDir, 0o755);

    const serverUrl = process.env.DATABASE_URL;
    const database = serverUrl ? await createScratchDatabase(serverUrl, "shop_test_datadir") : null;
    const server = await startApiProcess({ DATA_DIR: dataDir, DATABASE_URL: database?.url ?? "", ADMIN_PASSWORD: "" });
    try {
      const password = readFileSync(path.join(dataDir, "admin-password.txt"), "utf8").trim();
      const login = await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ login: "admin", password }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const body = multipart([{ filename: "ваза.png", contentType: "image/png", data: await pngImage() }]);
      const upload = await fetch(`${server.url}/api/admin/upload`, {
        method: "POST",
        headers: { ...body.headers, authorization: `Bearer ${token}` },
        body: body.payload,
      });
      expect(upload.status, await upload.clone().text()).toBe(200);
    } finally {
      await server.stop();
      await database?.drop();
    }

    const modes = listModes(dataDir);
    expect(Object.keys(modes)).toEqual(expect.arrayContaining(["admin-password.txt", "uploads", "uploads/old-picture.webp"]));
    expect(Object.keys(modes).filter((entry) => entry.startsWith("uploads/") && entry.endsWith(".webp")).length).toBeGreaterThanOrEqual(2);
    if (!serverUrl) expect(Object.keys(modes).filter((entry) => entry.startsWith("db/")).length).toBeGreaterThan(100);
    expect(openToOthers(modes)).toEqual([]);
    for (const [entry, mode] of Object.entries(modes)) {
      const isDirectory = lstatSync(path.join(dataDir, entry)).isDirectory();
      expect([entry, mode]).toEqual([entry, isDirectory ? "700" : "600"]);
    }
  });
});
