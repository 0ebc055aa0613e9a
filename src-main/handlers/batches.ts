import { processTypesAt } from '../core/batches/batch-process-types';
import { exportFileName } from '../core/batches/batch-export';
import { Failure } from '../core/failure';
import type { DomainHandlers } from './handler-types';

/** Batches: lists of processes read and acted on once per row (core/batches). */
export const batchesHandlers: DomainHandlers<'batches'> = {
  'batches.create': (core, input) => core.batches().create(input),
  'batches.list': (core, { profileId }) => core.batches().list(profileId),
  'batches.get': (core, { batchId, ...query }) => core.batches().get(batchId, query),
  'batches.processTypes': (core, { batchId, stepName, rows }) =>
    processTypesAt(core.batches().store.rows(batchId), stepName, rows),
  'batches.rename': (core, { batchId, name }) => core.batches().rename(batchId, name),
  'batches.delete': (core, { batchId }) => {
    core.batches().delete(batchId);
    return { deleted: true as const };
  },
  'batches.read': (core, { batchId, rows }) => core.batches().read(batchId, rows),
  'batches.run': (core, input) => core.batches().run(input),
  'batches.pause': (core, { batchId }) => core.batches().pause(batchId),
  'batches.resume': (core, { batchId, fields }) => core.batches().resume(batchId, fields),
  'batches.cancel': (core, { batchId }) => core.batches().cancel(batchId),
  'batches.export': async (core, { batchId, format }) => {
    const { name } = core.batches().store.summary(batchId);
    // Main picks the place (the native dialog, or Downloads): the renderer never names a path.
    const target = await core.chooseSavePath(exportFileName(name, format));
    if (!target) throw new Failure('cancelled', 'Export cancelled.');
    return core.batches().exportTo(batchId, format, target);
  },
  'batches.settings': (core, input) => core.batches().settings(input),
};
