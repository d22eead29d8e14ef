export { type ClaimedMessage, claimMessages, markFailed, markSent, renewLease } from "./delivery";
export { outboxParameters, type OutgoingMessage, queueMessages } from "./outbox";
