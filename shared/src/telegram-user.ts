/** The Telegram user inside a Mini App's launch data (initData), as Telegram sends it (docs/product.md#inside-telegram). */
export interface TelegramUser {
  id: number;
  is_bot?: boolean;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
  photo_url?: string;
  /** whether the bot may write to the user (they started it, or allowed it from the Mini App) */
  allows_write_to_pm?: boolean;
}
