import type { DomainHandlers } from './handler-types';
import { Failure } from '../core/failure';
import { readCancels } from './read-cancels';

/** What the console remembers: recent and pinned processes, the audit log, the request log. */
export const logsHandlers: DomainHandlers<'history' | 'audit' | 'requests'> = {
  'history.list': (core, { profileId }) => core.history.list(core.profiles.get(profileId).id),
  'history.pin': (core, { profileId, processId, pinned, externalReference, processTypeName }) =>
    core.history.pin(
      core.profiles.get(profileId).id,
      processId,
      pinned,
      pinned
        ? {
            processId,
            externalReference: externalReference ?? null,
            processTypeName: processTypeName ?? null,
            status: null,
          }
        : undefined,
    ),
  'audit.list': (core, query) => core.audit.page(query),
  'audit.export': async (core, { format, ...filter }) => {
    // Main picks the place (the native dialog, or Downloads): the renderer never names a path.
    const target = await core.chooseSavePath(`process-console-audit.${format}`);
    if (!target) throw new Failure('cancelled', 'Export cancelled.');
    return core.audit.exportTo(target, format, filter, {
      onProgress: (progress) => core.events.emit('audit.exportProgress', progress),
    });
  },
  'audit.cancelExport': (core) => ({ cancelled: core.audit.cancelExport() }),
  'requests.cancel': (core, { requestId }) => ({ cancelled: readCancels(core).cancel(requestId) }),
  'requests.list': (core, filter) => core.requests.list(filter),
};
