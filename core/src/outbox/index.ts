export { outboxParameters, queueMessages, type OutgoingMessage } from "./outbox";
