export { AUDIT_KINDS, changedFields, listAudit, recordAudit, recordProductChange } from "./audit";
export type { AuditActor, AuditChange, AuditEntry, AuditFilter, AuditKind, AuditPage } from "./audit";
