import type { Database } from "@shop/prisma/db";

/**
 * After a rating press in the chat the bot offers to add a few words or a photo: the chat's next text or photo
 * belongs to that review. Kept in the database (a restart in between loses nothing), one per chat: the latest
 * press wins. An hour later the offer is gone and a text is an ordinary message again.
 */
export const REVIEW_PROMPT_TTL_MS = 60 * 60 * 1000;

export async function offerReviewText(db: Pick<Database, "read">, chatId: bigint | number, reviewId: number): Promise<void> {
  await db.read(
    `INSERT INTO review_prompts (chat_id, review_id, created_at) VALUES ($1::bigint, $2, now())
     ON CONFLICT (chat_id) DO UPDATE SET review_id = EXCLUDED.review_id, created_at = EXCLUDED.created_at`,
    [String(chatId), reviewId],
  );
}

/** The review a chat's next text or photo is for (and the offer is used up), or null. */
export async function takeReviewPrompt(db: Pick<Database, "read">, chatId: bigint | number, now: Date = new Date()): Promise<number | null> {
  const [row] = await db.read<{ review_id: number; created_at: Date }>(
    `DELETE FROM review_prompts WHERE chat_id = $1::bigint RETURNING review_id, created_at`,
    [String(chatId)],
  );
  if (!row || now.getTime() - new Date(row.created_at).getTime() > REVIEW_PROMPT_TTL_MS) return null;
  return row.review_id;
}

/** Whether the chat has an offer waiting (without using it up): the bot only then looks at a text. */
export async function hasReviewPrompt(db: Pick<Database, "read">, chatId: bigint | number): Promise<boolean> {
  const rows = await db.read<{ one: number }>(`SELECT 1 AS one FROM review_prompts WHERE chat_id = $1::bigint`, [String(chatId)]);
  return rows.length > 0;
}
