/**
 * The shapes the service sends and receives, exactly as `shared/API.md` names them. Storage rows
 * are turned into these at the edge; nothing else leaves the service.
 */

/** A process field, as requests carry it and responses return it. */
export interface Field {
  name: string;
  value: string;
  fieldId: string;
  code: string;
  description: string;
  fieldType: string;
  confidential: boolean;
}

/** A field as a client may send it: only `code`, `value` and `fieldId` are required. */
export interface FieldInput {
  code: string;
  value: string;
  fieldId: string;
  name?: string;
  description?: string;
  fieldType?: string;
  confidential?: boolean;
}

/** What a REST API step sent and got back, recorded on the step for staff to see. */
export interface RestCall {
  request: { method: string; url: string; headers: Record<string, string>; body: unknown };
  response: { status: number; headers: Record<string, string>; body: unknown } | null;
  error: string | null;
  at: string;
}

/** A step instance of a process. `restCall` exists only on REST API steps; null until called. */
export interface Step {
  stepId: string;
  kind: StepKind;
  name: string;
  startedOn: string;
  completedOn: string | null;
  restCall?: RestCall | null;
  /** The field codes this step's branching rules read (ours, optional; see engine/step-view.ts). */
  ruleFieldCodes?: string[];
}

/** The two step kinds of the vendor's engine. */
export type StepKind = 'Standard' | 'RestApi';

/** A note on a process. */
export interface Note {
  noteId: string;
  contents: string;
  visibleToAccounts: boolean;
  author: string;
  createdOn: string;
}

/** A customer account linked to a process. */
export interface Account {
  accountId: string;
  reference: string;
  name: string;
}

/** A document attached to a process, without its contents. */
export interface DocumentSummary {
  documentId: string;
  filename: string;
  contentType: string;
  href: string;
}

/** A document with its base64 contents (operation 8). */
export interface DocumentBody {
  filename: string;
  contents: string;
  contentType: string;
}

/** Process status values. */
export type ProcessStatus = 'InProgress' | 'Completed';

/** A whole process (operations 2 and 3). */
export interface Process {
  processId: string;
  processTypeId: string;
  processTypeName: string;
  externalReference: string;
  status: ProcessStatus;
  startedDate: string;
  completedDate: string | null;
  location: string | null;
  allocatedUser: string | null;
  steps: Step[];
  notes: Note[];
  documents: DocumentSummary[];
  accounts: Account[];
  fields: Field[];
}

/** The body of a start-process request. */
export interface StartProcessRequest {
  processTypeId: string;
  accounts: Account[];
  documents: unknown[];
  notes: Array<{ contents: string; visibleToAccounts?: boolean }>;
  fields: FieldInput[];
  externalReference?: string;
}

/** The answer to complete-step (operation 7). */
export interface CompleteStepResult {
  completedStep: Step;
  currentStep: Step | null;
  process: Process;
}
