/**
 * Staff roles and what each may do (docs/product.md#staff-and-roles): one table, read by the API (every admin
 * route names the permission it needs) and by the admin panel (what it shows). Fixed roles, no per-record rules.
 */
export const STAFF_ROLES = ["owner", "manager", "picker"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Владелец",
  manager: "Менеджер",
  picker: "Сборщик",
};

export const PERMISSIONS = [
  /** orders with prices and the customers' details: lists, search, export, customer cards, notes, history */
  "orders.read",
  /** the packing list: orders without prices */
  "orders.pick",
  /** any status */
  "orders.status",
  /** only 'В работе' and 'Отправлен' */
  "orders.status.picking",
  /** notes on an order */
  "orders.notes",
  /** invoices and refunds */
  "payments",
  "products.read",
  "products.write",
  "stock.write",
  "categories.write",
  "stats.read",
  /** the reviews' moderation queue: publish, hide, reply */
  "reviews",
  /** create, edit and switch off promo codes, see their orders and revenue */
  "promo-codes",
  "staff.manage",
  "audit.read",
  "settings",
  /** messages to customers through the bot */
  "broadcasts",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MANAGER: readonly Permission[] = [
  "orders.read",
  "orders.pick",
  "orders.status",
  "orders.status.picking",
  "orders.notes",
  "payments",
  "products.read",
  "products.write",
  "stock.write",
  "categories.write",
  "stats.read",
  "reviews",
  "promo-codes",
];

export const ROLE_PERMISSIONS: Record<StaffRole, readonly Permission[]> = {
  owner: PERMISSIONS,
  manager: MANAGER,
  picker: ["orders.pick", "orders.status.picking"],
};

export const PICKING_STATUSES = ["processing", "shipped"] as const;

export const can = (role: StaffRole, permission: Permission): boolean => ROLE_PERMISSIONS[role].includes(permission);

export const isStaffRole = (value: unknown): value is StaffRole => (STAFF_ROLES as readonly unknown[]).includes(value);

/** The 403 every refused call answers. */
export const FORBIDDEN_MESSAGE = "Недостаточно прав для этого действия";
