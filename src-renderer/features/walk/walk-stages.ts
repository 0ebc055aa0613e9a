/** The back-office pattern of API.md, one stage each; the walk panel goes through them in order. */
export const walkStages = [
  { title: 'Read the payload', hint: 'What the REST API step sent: the process, its documents and fields.' },
  { title: 'Open the attached XML document', hint: 'The form data, mapped into a ServiceRequest document.' },
  { title: 'Update the back office', hint: 'Record the reference your back office gave this request.' },
  { title: 'Add a note', hint: 'Tell the case workers what the back office did.' },
  {
    title: 'Read the current step',
    hint: 'The payload carries no step id: ask the service which step is current.',
  },
  { title: 'Complete the step', hint: 'Return fields; the process type’s branching rules act on them.' },
  { title: 'See where the process went', hint: 'The branching rules have chosen the next step.' },
] as const;

/** What the walk remembers per delivery (kept by main, so it survives a restart). */
export interface WalkData {
  documentOpened?: string;
  backOfficeReference?: string;
  noteIntent?: string;
  noteSent?: { contents: string; visibleToAccounts: boolean };
  /** The last send of the note ended with an unknown outcome: keep its intent even if edited. */
  noteUnknown?: boolean;
  noteReceived?: { noteId: string; author: string; createdOn: string };
  currentStep?: { stepId: string; name: string; startedOn: string | null };
  completeReceived?: { completedStep: string; currentStep: string | null };
  result?: { status: string; currentStep: string | null; outcome: string | null };
}
