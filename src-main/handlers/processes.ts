import type { Process } from '../../src-shared/api';
import type { Core } from '../core/create-core';
import type { DomainHandlers } from './handler-types';
import { remember } from '../core/profile-views';

/**
 * A process read to open it: remembered, and any change to it that an earlier run of the console
 * stopped during settled with this read, so its Audit tab says how that change ended.
 */
async function opened(core: Core, profileId: string, process: Process): Promise<Process> {
  remember(core, profileId, process);
  await core.interrupted.settleOpened(profileId, process);
  return process;
}

/** Processes, their steps and notes: reads and the changes made on the service. */
export const processesHandlers: DomainHandlers<'processes' | 'steps' | 'notes'> = {
  'processes.get': async (core, { profileId, processId }, { signal }) =>
    opened(core, profileId, await core.client.getProcess(profileId, processId, { signal })),
  'processes.getByReference': async (core, { profileId, externalReference }, { signal }) =>
    opened(
      core,
      profileId,
      await core.client.getProcessByReference(profileId, externalReference, { signal }),
    ),
  'processes.start': async (core, { profileId, ...input }) =>
    remember(core, profileId, await core.client.startProcess(profileId, input)),
  'steps.list': (core, { profileId, processId, externalReference }, { signal }) =>
    core.client.listSteps(
      profileId,
      processId !== undefined ? { processId } : { externalReference: externalReference! },
      { signal },
    ),
  'steps.current': (core, { profileId, processId }, { signal }) =>
    core.client.currentStep(profileId, processId, { signal }),
  'steps.complete': (core, { profileId, ...input }) => core.client.completeStep(profileId, input),
  'notes.add': (core, { profileId, ...input }) => core.client.addNote(profileId, input),
};
