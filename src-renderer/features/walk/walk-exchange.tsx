import { confidentialCodes } from '../../../src-shared/confidential-values';
import { MaskedJson } from '../../components/masked-json';
import { useProcessLookup } from '../../lib/process-cache';
import { currentValue } from '../../lib/remote';
import type { WalkTarget } from './walk-store';

/**
 * What a stage sent to the service and what it received, as JSON, with the values of the
 * process's confidential fields masked (a step carries its REST call's payload). The process is
 * the one the walk route shows beside the panel, so the cache answers without a call.
 */
export function Exchange({
  target,
  sent,
  received,
}: {
  target: WalkTarget;
  sent?: unknown;
  received?: unknown;
}) {
  const process = currentValue(useProcessLookup(target.profileId, target.processId)[0]);
  const codes = confidentialCodes(process?.fields ?? []);
  return (
    <div className="exchange">
      {sent !== undefined && (
        <div>
          <span className="small muted">Sent</span>
          <MaskedJson value={sent} codes={codes} />
        </div>
      )}
      {received !== undefined && (
        <div>
          <span className="small muted">Received</span>
          <MaskedJson value={received} codes={codes} />
        </div>
      )}
    </div>
  );
}
