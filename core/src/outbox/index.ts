export { outboxParameters, queueMessages, type OutgoingMessage } from "./outbox";
export { claimMessages, markFailed, markSent, renewLease, type ClaimedMessage, type ClaimOptions } from "./delivery";
