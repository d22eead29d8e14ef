import Type, { type Static } from "typebox";
import { Id, Nullable, Page } from "./common";
import { AdminOrder, OrderStatus, PaymentStatus } from "./orders";

export const StaffRoleSchema = Type.Union([Type.Literal("owner"), Type.Literal("manager"), Type.Literal("picker")]);

/** GET /api/admin/me: who the token belongs to, with the role and what it may do */
export const StaffMe = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.String(),
  role: StaffRoleSchema,
  permissions: Type.Array(Type.String()),
});
export type StaffMe = Static<typeof StaffMe>;

export const StaffAccount = Type.Object({
  id: Type.Integer(),
  login: Type.String(),
  name: Type.String(),
  role: StaffRoleSchema,
  active: Type.Boolean(),
  created_at: Type.String(),
  /** a Telegram account is bound: this person's presses on the bot's manager buttons are theirs */
  telegram_bound: Type.Boolean(),
});

/** POST /api/admin/staff/invitations */
export const CreateInvitationBody = Type.Object({
  role: Type.String({ maxLength: 16 }),
  /** a suggested name; the person may change it */
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type CreateInvitationBody = Static<typeof CreateInvitationBody>;

export const InvitationLink = Type.Object({
  /** /admin/invite/<token>: the page where the person sets a login and a password */
  path: Type.String(),
  /** the whole address with PUBLIC_URL, when it is set */
  link: Nullable(Type.String()),
  role: StaffRoleSchema,
  expires_at: Type.String(),
});
export type InvitationLink = Static<typeof InvitationLink>;

/** GET /api/staff-invitations/:token */
export const InvitationJson = Type.Object({
  role: StaffRoleSchema,
  role_label: Type.String(),
  name: Type.String(),
  expires_at: Type.String(),
});
export type InvitationJson = Static<typeof InvitationJson>;

export const AcceptInvitationBody = Type.Object({
  login: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
});
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

/** POST /api/admin/staff/:id/telegram-code: the one-time binding code, shown once */
export const BindingCode = Type.Object({
  code: Type.String(),
  expires_at: Type.String(),
  /** `/bind CODE`, to send to the bot */
  command: Type.String(),
  /** https://t.me/<bot>?start=bind_CODE when the bot's username is known */
  link: Nullable(Type.String()),
});
export type BindingCode = Static<typeof BindingCode>;
export type StaffAccount = Static<typeof StaffAccount>;

export const StaffList = Type.Object({ staff: Type.Array(StaffAccount) });
export type StaffList = Static<typeof StaffList>;

export const CreateStaffBody = Type.Object({
  login: Type.String({ maxLength: 64 }),
  name: Type.String({ maxLength: 200 }),
  password: Type.String({ maxLength: 200 }),
  role: Type.String({ maxLength: 16 }),
});
export type CreateStaffBody = Static<typeof CreateStaffBody>;

export const UpdateStaffBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 200 })),
  role: Type.Optional(Type.String({ maxLength: 16 })),
  active: Type.Optional(Type.Boolean()),
  password: Type.Optional(Type.String({ maxLength: 200 })),
});
export type UpdateStaffBody = Static<typeof UpdateStaffBody>;

const DateText = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$" });

export const AuditQuery = Type.Object({
  staff_id: Type.Optional(Id),
  kind: Type.Optional(Type.String({ maxLength: 32 })),
  /** YYYY-MM-DD, both included, Moscow days */
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
  page: Type.Optional(Page),
});
export type AuditQuery = Static<typeof AuditQuery>;

const JsonObject = Nullable(Type.Record(Type.String(), Type.Unknown()));

export const AuditEntryJson = Type.Object({
  id: Type.String(),
  at: Type.String(),
  staff_id: Nullable(Type.Integer()),
  staff_name: Type.String(),
  via: Type.String(),
  kind: Type.String(),
  action: Type.String(),
  entity_id: Nullable(Type.Integer()),
  label: Type.String(),
  before: JsonObject,
  after: JsonObject,
});
export type AuditEntryJson = Static<typeof AuditEntryJson>;

export const AuditResponse = Type.Object({
  entries: Type.Array(AuditEntryJson),
  total: Type.Integer(),
  page: Type.Integer(),
  totalPages: Type.Integer(),
});
export type AuditResponse = Static<typeof AuditResponse>;

/** The order desk's search and filters (GET /api/admin/orders, …/export.csv, /api/admin/picking) */
export const OrderSearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  status: Type.Optional(Type.Union([OrderStatus, Type.Literal("all")])),
  payment_status: Type.Optional(PaymentStatus),
  source: Type.Optional(Type.String({ maxLength: 32 })),
  /** pickup | courier | cdek_point | cdek_door | pochta, or none: orders without a method */
  delivery_method: Type.Optional(Type.String({ maxLength: 32 })),
  from: Type.Optional(DateText),
  to: Type.Optional(DateText),
  page: Type.Optional(Page),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type OrderSearchQuery = Static<typeof OrderSearchQuery>;

export const OrderNoteJson = Type.Object({
  id: Type.Integer(),
  author_name: Type.String(),
  text: Type.String(),
  created_at: Type.String(),
});
export type OrderNoteJson = Static<typeof OrderNoteJson>;

export const OrderNotes = Type.Object({ notes: Type.Array(OrderNoteJson) });
export type OrderNotes = Static<typeof OrderNotes>;

export const OrderNoteBody = Type.Object({ text: Type.String({ maxLength: 2000 }) });
export type OrderNoteBody = Static<typeof OrderNoteBody>;

export const CustomerCardQuery = Type.Object({
  phone: Type.Optional(Type.String({ maxLength: 32 })),
  telegram_user_id: Type.Optional(Type.String({ pattern: "^\\d{1,16}$" })),
});
export type CustomerCardQuery = Static<typeof CustomerCardQuery>;

export const CustomerCard = Type.Object({
  name: Type.String(),
  phone: Nullable(Type.String()),
  telegram_user_id: Nullable(Type.String()),
  telegram_username: Nullable(Type.String()),
  orders_count: Type.Integer(),
  /** roubles, orders that are not cancelled */
  total_spent: Type.Number(),
  last_address: Nullable(Type.String()),
  orders: Type.Array(AdminOrder),
});
export type CustomerCard = Static<typeof CustomerCard>;

/** An order as the packer sees it: what to pack and where to send it, no money. */
export const PickingOrder = Type.Object({
  id: Type.Integer(),
  order_number: Type.String(),
  created_at: Type.String(),
  status: OrderStatus,
  customer_name: Type.String(),
  customer_phone: Type.String(),
  delivery_address: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  items: Type.Array(
    Type.Object({
      product_name: Type.String(),
      product_sku: Type.String(),
      product_image: Nullable(Type.String()),
      quantity: Type.Integer(),
    }),
  ),
});
export type PickingOrder = Static<typeof PickingOrder>;

export const PickingResponse = Type.Object({
  orders: Type.Array(PickingOrder),
  total: Type.Integer(),
  page: Type.Integer(),
  totalPages: Type.Integer(),
});
export type PickingResponse = Static<typeof PickingResponse>;
