import { AuditRecords } from '../../components/audit-records';

/** The changes this console made to one process (under any profile), newest first. */
export function AuditTab({ processId }: { processId: string }) {
  return <AuditRecords filter={{ processId }} empty="This console has made no changes to this process." />;
}
