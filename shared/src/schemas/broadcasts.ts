import Type, { type Static } from "typebox";
import { Id, Nullable } from "./common";

/** PUT /api/cart: the Mini App's cart as it is now (docs/api.md#the-mini-apps-cart) */
export const SavedCartBody = Type.Object({
  items: Type.Array(
    Type.Object({
      product_id: Id,
      variant_id: Type.Optional(Nullable(Id)),
      quantity: Type.Integer({ minimum: 1, maximum: 999 }),
    }),
    { maxItems: 100 },
  ),
});
export type SavedCartBody = Static<typeof SavedCartBody>;
export const SavedCartResponse = Type.Object({ saved: Type.Boolean() });

const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

/** who gets a broadcast: everyone the bot may write to, or a segment of them */
export const BroadcastAudience = Type.Union([
  Type.Object({ kind: Type.Literal("all") }),
  Type.Object({ kind: Type.Literal("cart") }),
  Type.Object({ kind: Type.Literal("category"), category_id: Id }),
  Type.Object({ kind: Type.Literal("ordered"), from: Day, to: Day }),
]);
export type BroadcastAudience = Static<typeof BroadcastAudience>;

export const BroadcastButton = Type.Union([
  Type.Object({ kind: Type.Literal("none") }),
  Type.Object({ kind: Type.Literal("catalog") }),
  Type.Object({ kind: Type.Literal("product"), product_id: Id }),
]);
export type BroadcastButton = Static<typeof BroadcastButton>;

export const BroadcastMessage = Type.Object({
  text: Type.String({ maxLength: 4096 }),
  /** an uploaded picture's path (POST /api/admin/upload) */
  photo: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  button: BroadcastButton,
});
export type BroadcastMessage = Static<typeof BroadcastMessage>;

export const BroadcastPreviewBody = Type.Object({
  message: BroadcastMessage,
  /** the Telegram chat the preview goes to (the owner's own) */
  chat_id: Type.String({ pattern: "^-?\\d{1,20}$" }),
});
export type BroadcastPreviewBody = Static<typeof BroadcastPreviewBody>;

export const CreateBroadcastBody = Type.Object({ message: BroadcastMessage, audience: BroadcastAudience });
export type CreateBroadcastBody = Static<typeof CreateBroadcastBody>;

export const AudienceSizeBody = Type.Object({ audience: BroadcastAudience });
export const AudienceSizeResponse = Type.Object({ recipients: Type.Integer() });
export type AudienceSizeResponse = Static<typeof AudienceSizeResponse>;

export const BroadcastReport = Type.Object({
  recipients: Type.Integer(),
  sent: Type.Integer(),
  blocked: Type.Integer(),
  failed: Type.Integer(),
  /** not sent yet */
  pending: Type.Integer(),
});
export type BroadcastReport = Static<typeof BroadcastReport>;

export const Broadcast = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  photo: Nullable(Type.String()),
  button: BroadcastButton,
  audience: BroadcastAudience,
  status: Type.Union([Type.Literal("sending"), Type.Literal("finished")]),
  created_at: Type.String(),
  finished_at: Nullable(Type.String()),
  created_by: Type.String(),
  report: BroadcastReport,
});
export type Broadcast = Static<typeof Broadcast>;

export const BroadcastList = Type.Object({
  broadcasts: Type.Array(Broadcast),
  /** false without a bot: nothing can be sent */
  can_send: Type.Boolean(),
  /** the chat previews go to unless another is typed: the first of MANAGER_CHAT_IDS */
  preview_chat_id: Nullable(Type.String()),
});
export type BroadcastList = Static<typeof BroadcastList>;

export const PreviewResponse = Type.Object({ sent: Type.Boolean() });
