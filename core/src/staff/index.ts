export {
  createStaff,
  findStaffSession,
  listStaff,
  LOGIN_INVALID,
  LOGIN_TAKEN,
  NAME_REQUIRED,
  NOT_YOURSELF,
  PASSWORD_TOO_SHORT,
  ROLE_INVALID,
  STAFF_NOT_FOUND,
  staffName,
  updateStaff,
} from "./staff";
export type { PasswordHasher, StaffAccount, StaffSession } from "./staff";
export {
  anyTelegramBound,
  BIND_CODE_TTL_MS,
  BIND_TEXTS,
  bindTelegram,
  issueBindingCode,
  normalizeBindCode,
  staffOfTelegram,
  unbindTelegram,
} from "./telegram-binding";
export type { StaffOfTelegram } from "./telegram-binding";
export { acceptInvitation, createInvitation, INVITATION_GONE, INVITATION_TTL_MS, readInvitation } from "./invitations";
export type { Invitation } from "./invitations";
