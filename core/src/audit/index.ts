export { AUDIT_KINDS, changedFields, listAudit, recordAudit, recordProductChange } from "./audit";
export type { AuditActor, AuditAuthor, AuditChange, AuditEntry, AuditFilter, AuditKind, AuditPage } from "./audit";
