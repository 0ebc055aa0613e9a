import { useEffect, useRef } from 'react';
import type { PresetField } from '../../../src-shared/calls-presets';
import type { BatchSummary } from '../../../src-shared/batches';
import { CallError } from '../../components/call-error';
import { PresetsBar } from '../../components/presets-bar';
import { useRemote } from '../../lib/cache';
import { currentValue } from '../../lib/remote';

/**
 * The field presets of the step a batch completes. Presets belong to one process type and step,
 * so they are offered only when the rows the change is for (the chosen ones, or every read row)
 * at that step are all of one process type; otherwise it says which types they span.
 */
export function BatchStepPresets({
  batch,
  stepName,
  chosen,
  fields,
  onApply,
}: {
  batch: BatchSummary;
  stepName: string;
  chosen: readonly number[];
  fields: PresetField[];
  onApply: (fields: PresetField[]) => void;
}) {
  const input =
    stepName === ''
      ? null
      : { batchId: batch.batchId, stepName, ...(chosen.length > 0 ? { rows: [...chosen] } : {}) };
  const [remote, reload] = useRemote('batches.processTypes', input, { keepPrevious: true });
  const types = currentValue(remote);

  // Rows read (or re-read) since may be of other types: ask again when the read count moves.
  const read = batch.counts.read.read;
  const seen = useRef(read);
  useEffect(() => {
    if (seen.current === read) return;
    seen.current = read;
    reload();
  }, [read, reload]);

  if (remote.status === 'error') return <CallError error={remote.error} inline onRetry={reload} />;
  if (!types || types.length === 0) return null;
  if (types.length > 1) {
    const names = types.map((type) => `${type.processTypeName ?? type.processTypeId} (${type.count})`);
    return (
      <p className="hint" role="note">
        The rows at “{stepName}” are of {types.length} process types ({names.join(', ')}); presets belong to
        one process type, so none are offered. Choose rows of one type to use its presets.
      </p>
    );
  }
  return (
    <PresetsBar
      profileId={batch.profileId}
      processTypeId={types[0]!.processTypeId}
      stepName={stepName}
      fields={fields}
      onApply={onApply}
    />
  );
}
