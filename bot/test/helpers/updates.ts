import type { Update, User } from "grammy/types";

/** Telegram updates as a real client would produce them, to feed `bot.handleUpdate` or the fake's getUpdates. */
let nextUpdateId = 1000;
let nextMessageId = 5000;

export interface Person {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
}

function user(person: Person): User {
  return { is_bot: false, language_code: "ru", ...person };
}

function privateChat(person: Person) {
  return { id: person.id, type: "private" as const, first_name: person.first_name, username: person.username };
}

/** A text message in the person's private chat with the bot; a leading /command gets its entity. */
export function textMessage(from: Person, text: string): Update {
  const command = /^\/\w+/.exec(text);
  return {
    update_id: nextUpdateId++,
    message: {
      message_id: nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      chat: privateChat(from),
      from: user(from),
      text,
      ...(command ? { entities: [{ type: "bot_command" as const, offset: 0, length: command[0].length }] } : {}),
    },
  } as Update;
}

/**
 * A press on an inline button of a message the bot sent to `chatId` (a private chat with the person, or a
 * group such as the managers' chat).
 */
export function buttonPress(from: Person, chatId: number, messageId: number, data: string): Update {
  const chat = chatId === from.id ? privateChat(from) : { id: chatId, type: "group" as const, title: "Менеджеры" };
  return {
    update_id: nextUpdateId++,
    callback_query: {
      id: String(nextUpdateId * 7),
      from: user(from),
      chat_instance: String(chatId),
      data,
      message: { message_id: messageId, date: Math.floor(Date.now() / 1000), chat, text: "…" },
    },
  } as Update;
}

/** What the person typed after the bot's @username in some chat (inline mode). */
export function inlineQuery(from: Person, query: string): Update {
  return {
    update_id: nextUpdateId++,
    inline_query: { id: String(nextUpdateId * 11), from: user(from), query, offset: "", chat_type: "supergroup" },
  } as Update;
}
