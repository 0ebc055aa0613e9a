import type { DomainHandlers } from './handler-types';
import { remember } from '../core/profile-views';

/** Processes, their steps and notes: reads and the changes made on the service. */
export const processesHandlers: DomainHandlers<'processes' | 'steps' | 'notes'> = {
  'processes.get': async (core, { profileId, processId }) =>
    remember(core, profileId, await core.client.getProcess(profileId, processId)),
  'processes.getByReference': async (core, { profileId, externalReference }) =>
    remember(core, profileId, await core.client.getProcessByReference(profileId, externalReference)),
  'processes.start': async (core, { profileId, ...input }) =>
    remember(core, profileId, await core.client.startProcess(profileId, input)),
  'steps.list': (core, { profileId, processId, externalReference }) =>
    core.client.listSteps(
      profileId,
      processId !== undefined ? { processId } : { externalReference: externalReference! },
    ),
  'steps.current': (core, { profileId, processId }) => core.client.currentStep(profileId, processId),
  'steps.complete': (core, { profileId, ...input }) => core.client.completeStep(profileId, input),
  'notes.add': (core, { profileId, ...input }) => core.client.addNote(profileId, input),
};
