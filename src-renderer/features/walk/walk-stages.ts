import type { WalkStageKind } from '../../../src-shared/walk';

/** The back-office pattern of API.md, one stage each: the title the panel shows and a hint. */
export const walkStageTitles: Record<WalkStageKind, { title: string; hint: string }> = {
  readPayload: {
    title: 'Read the payload',
    hint: 'What the REST API step sent: the process, its documents and fields.',
  },
  openDocument: {
    title: 'Open the attached XML document',
    hint: 'The form data, mapped into a ServiceRequest document.',
  },
  updateBackOffice: {
    title: 'Update the back office',
    hint: 'Record the reference your back office gave this request.',
  },
  addNote: { title: 'Add a note', hint: 'Tell the case workers what the back office did.' },
  readCurrentStep: {
    title: 'Read the current step',
    hint: 'The payload carries no step id: ask the service which step is current.',
  },
  completeStep: {
    title: 'Complete the step',
    hint: 'Return fields; the process type’s branching rules act on them.',
  },
  done: { title: 'See where the process went', hint: 'The branching rules have chosen the next step.' },
};
