import { signInitData } from "@shop/shared/telegram-init-data";
import { TEST_BOT_TOKEN } from "./test-app";

export const TEST_BOT_USERNAME = "handmade_test_bot";

/** Environment of a test app with a bot: initData is validated with TEST_BOT_TOKEN; no polling. */
export const BOT_ENV = { TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_BOT_USERNAME: TEST_BOT_USERNAME, BOT_MODE: "off" };

export interface InitDataUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

/** initData as Telegram would sign it, `ageSeconds` old (negative: from the future). */
export function initData(user: InitDataUser, ageSeconds = 10, token = TEST_BOT_TOKEN): string {
  return signInitData(
    {
      query_id: "AAH" + user.id,
      user: JSON.stringify(user),
      auth_date: String(Math.floor(Date.now() / 1000) - ageSeconds),
    },
    token,
  );
}

export const initDataHeader = (user: InitDataUser, ageSeconds?: number) => ({ "x-telegram-init-data": initData(user, ageSeconds) });
