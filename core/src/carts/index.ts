export {
  REMINDER_INTERVAL_MS,
  remindForgottenCart,
  saveCart,
  turnCartRemindersOff,
  type CartLine,
  type CartReminderMessage,
  type ReminderLine,
  type ReminderOutcome,
} from "./carts";
