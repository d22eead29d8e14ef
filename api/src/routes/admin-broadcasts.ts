import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import {
  audienceSize,
  createBroadcast,
  getBroadcast,
  listBroadcasts,
  previewBroadcast,
  type Audience,
  type BroadcastMessage as CoreMessage,
  type BroadcastSender,
  type BroadcastSummary,
} from "@shop/core/broadcasts";
import { ErrorResponse, IdParams } from "@shop/shared/schemas/common";
import {
  AudienceSizeBody,
  AudienceSizeResponse,
  Broadcast,
  BroadcastList,
  BroadcastPreviewBody,
  CreateBroadcastBody,
  PreviewResponse,
  type BroadcastAudience,
  type BroadcastMessage,
} from "@shop/shared/schemas/broadcasts";
import type { App } from "../app-type";
import { HttpError, badRequest } from "../http-errors";

const security = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
export const NO_BOT = "Рассылки работают через бота: задайте TELEGRAM_BOT_TOKEN";
export const PREVIEW_BLOCKED = "Бот не может написать в этот чат: откройте бота и нажмите «Старт»";

const toAudience = (audience: BroadcastAudience): Audience =>
  audience.kind === "category" ? { kind: "category", categoryId: audience.category_id } : audience;
const fromAudience = (audience: Audience): BroadcastAudience =>
  audience.kind === "category" ? { kind: "category", category_id: audience.categoryId } : audience;

const toMessage = (message: BroadcastMessage): CoreMessage => ({
  text: message.text,
  photo: message.photo ?? null,
  button: message.button.kind === "product" ? { kind: "product", productId: message.button.product_id } : message.button,
});

function toBroadcastJson(broadcast: BroadcastSummary): Broadcast {
  const { button } = broadcast;
  return {
    id: broadcast.id,
    text: broadcast.text,
    photo: broadcast.photo,
    button: button.kind === "product" ? { kind: "product", product_id: button.productId } : button,
    audience: fromAudience(broadcast.audience),
    status: broadcast.status,
    created_at: broadcast.createdAt.toISOString(),
    finished_at: broadcast.finishedAt?.toISOString() ?? null,
    created_by: broadcast.createdByName,
    report: broadcast.report,
  };
}

/** Broadcasts through the bot: the owner's (docs/api-admin.md#broadcasts). */
export default async function adminBroadcastRoutes(instance: App) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.requireAdmin;
  const tags = ["admin-broadcasts"];
  const sender = (): BroadcastSender => {
    if (!app.broadcastSender || !app.jobs?.canBroadcast) throw new HttpError(409, NO_BOT);
    return app.broadcastSender;
  };

  app.get(
    "/api/admin/broadcasts",
    { onRequest, schema: { tags, summary: "The latest broadcasts with their reports, newest first", security, response: { 200: BroadcastList, ...errors } } },
    async (request, reply) => {
      const broadcasts = await listBroadcasts(app.db);
      // the person's own chat once their account is bound to Telegram (docs/telegram.md#managers), else a
      // managers' chat with one person in it
      const own = await app.prisma.adminUser.findUnique({ where: { id: request.staff!.id }, select: { telegramId: true } });
      const previewChat = own?.telegramId ?? app.config.telegram.managerChatIds.find((id) => id > 0n);
      return reply.headers({ "Cache-Control": "no-store" }).send({
        broadcasts: broadcasts.map(toBroadcastJson),
        can_send: !!app.broadcastSender && !!app.jobs?.canBroadcast,
        preview_chat_id: previewChat === undefined ? null : String(previewChat),
      });
    },
  );

  app.get(
    "/api/admin/broadcasts/:id",
    { onRequest, schema: { tags, summary: "One broadcast and its report (sent, blocked, failed, pending)", security, params: IdParams, response: { 200: Broadcast, ...errors } } },
    async (request, reply) => reply.headers({ "Cache-Control": "no-store" }).send(toBroadcastJson(await getBroadcast(app.db, request.params.id))),
  );

  app.post(
    "/api/admin/broadcasts/audience",
    {
      onRequest,
      schema: { tags, summary: "How many customers an audience holds now (they allowed messages and have not blocked the bot)", security, body: AudienceSizeBody, response: { 200: AudienceSizeResponse, ...errors } },
    },
    async (request) => ({ recipients: await audienceSize(app.db, toAudience(request.body.audience)) }),
  );

  app.post(
    "/api/admin/broadcasts/preview",
    {
      onRequest,
      schema: {
        tags,
        summary: "Sends the message to one chat (the owner's own) as the customers would get it",
        description: "409 without a bot; 400 when Telegram refuses (the chat never started the bot, a bad photo).",
        security,
        body: BroadcastPreviewBody,
        response: { 200: PreviewResponse, ...errors },
      },
    },
    async (request) => {
      const outcome = await previewBroadcast(app.db, sender(), BigInt(request.body.chat_id), toMessage(request.body.message));
      if (outcome.kind === "blocked") throw badRequest(PREVIEW_BLOCKED);
      if (outcome.kind === "failed") throw badRequest(`Telegram не принял сообщение: ${outcome.error}`);
      return { sent: true };
    },
  );

  app.post(
    "/api/admin/broadcasts",
    {
      onRequest,
      schema: {
        tags,
        summary: "Sends a broadcast to an audience: recorded with a delivery per recipient, sent by the job queue",
        description:
          "Answers at once with the broadcast (status sending); its report fills in as the messages go out (GET /api/admin/broadcasts/{id}). " +
          "400 when the audience is empty; 409 without a bot.",
        security,
        body: CreateBroadcastBody,
        response: { 201: Broadcast, ...errors },
      },
    },
    async (request, reply) => {
      sender();
      const { id } = await createBroadcast(app.db, request.staff!.actor, { message: toMessage(request.body.message), audience: toAudience(request.body.audience) });
      await app.jobs!.broadcastCreated(id);
      return reply.status(201).send(toBroadcastJson(await getBroadcast(app.db, id)));
    },
  );
}
