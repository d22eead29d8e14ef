/**
 * Opens the shop as a Telegram Mini App in a Chromium window, without Telegram: a phone-sized page (390×844) with
 * signed launch parameters and an imitated Telegram client (e2e/helpers/telegram.ts). Every call the app makes to
 * Telegram is printed here; keys typed here press Telegram's buttons.
 *
 *   TELEGRAM_BOT_TOKEN=<the shop's token> npx tsx scripts/mini-app-preview.ts [shop URL] [--dark] [--start product_5]
 *
 * The shop must run with the same TELEGRAM_BOT_TOKEN (BOT_MODE=off keeps it from talking to Telegram), or it
 * refuses the initData. Keys (then Enter): b = BackButton, m = MainButton, s = SecondaryButton, t = switch light/dark,
 * q = quit.
 * --headless runs without a window (a smoke test of the script itself).
 */
import { createInterface } from "node:readline";
import { chromium } from "playwright-core";
import { chromiumPath } from "../e2e/helpers/server";
import {
  changeTelegramTheme,
  emitTelegramEvent,
  installTelegramClient,
  launchUrl,
  signedInitData,
  type ThemeName,
} from "../e2e/helpers/telegram";

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args.splice(index, 2)[1] : undefined;
};
const flag = (name: string) => {
  const index = args.indexOf(name);
  if (index >= 0) args.splice(index, 1);
  return index >= 0;
};

const token = process.env.TELEGRAM_BOT_TOKEN;
if (!token) {
  console.error("Set TELEGRAM_BOT_TOKEN to the token the shop runs with (it checks the initData with it).");
  process.exit(1);
}
const startParam = option("--start");
let theme: ThemeName = flag("--dark") ? "dark" : "light";
const headless = flag("--headless");
const base = (args[0] ?? "http://localhost:3000").replace(/\/+$/, "");
const executablePath = chromiumPath();
if (!executablePath) {
  console.error("Chromium is not installed (apt-get install -y chromium).");
  process.exit(1);
}

const user = { id: 100000001, first_name: "Тест", last_name: "Превью", username: "preview_user", language_code: "ru" };
const browser = await chromium.launch({ executablePath, headless, args: ["--no-sandbox", "--disable-gpu", "--no-first-run"] });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ru-RU" });
await installTelegramClient(context, theme, { log: true });
const page = await context.newPage();
page.on("console", (message) => {
  if (message.text().startsWith("[telegram]")) console.log(message.text());
  else if (message.type() === "error" || message.type() === "warning") console.log(`[page ${message.type()}] ${message.text()}`);
});
page.on("pageerror", (error) => console.log(`[page error] ${error.message}`));
await page.goto(base + launchUrl("/", signedInitData(token, user, startParam), theme, startParam));
console.log(`Mini App open at ${base} as ${user.first_name} ${user.last_name} (${user.id}), ${theme} theme.`);
console.log("Keys: b = BackButton, m = MainButton, s = SecondaryButton, t = light/dark, q = quit (then Enter).");

const quit = async () => {
  await browser.close();
  process.exit(0);
};
page.on("close", () => void quit());
if (headless && !process.stdin.isTTY) {
  await page.waitForTimeout(3000);
  await quit();
}
for await (const line of createInterface({ input: process.stdin })) {
  const key = line.trim();
  if (key === "b") await emitTelegramEvent(page, "back_button_pressed");
  else if (key === "m") await emitTelegramEvent(page, "main_button_pressed");
  else if (key === "s") await emitTelegramEvent(page, "secondary_button_pressed");
  else if (key === "t") {
    theme = theme === "light" ? "dark" : "light";
    await changeTelegramTheme(page, theme);
    console.log(`theme: ${theme}`);
  } else if (key === "q") await quit();
}
await quit();
