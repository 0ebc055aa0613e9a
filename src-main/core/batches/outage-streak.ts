import { counted } from '../../../src-shared/counted';

/** Rows in a row that could not reach the service before a job pauses itself. */
export const outageRows = 5;

/** Where a row that could not reach the service was left: queued for another try, or settled. */
export type OutageRowState = 'queued' | 'failed' | 'outcome unknown';

/**
 * The rows of one job that could not reach the service since a row last proved the way there
 * works (a read answered, for a read; a change the service itself answered, for a run). Each row
 * counts once however often it is tried: rows tried again go to the back of the queue, so two
 * processes a gateway always answers, left alone at the end, took turns until five tries in a
 * row paused the job before either was given up, and Resume, which starts their tries afresh,
 * paused it again for ever. A job of fewer rows pauses once every one of them could not.
 */
export function createOutageStreak(jobRows: number) {
  const rows = new Map<number, OutageRowState>();
  const needed = Math.min(outageRows, jobRows);
  return {
    /** A row proved the way works: the count starts again. */
    reached(): void {
      rows.clear();
    },
    /** A row given up after its tries: it is failed and not tried again, so it no longer counts. */
    givenUp(rowNo: number): void {
      rows.delete(rowNo);
    },
    /** Counts a row; the sentence to pause with once enough rows could not reach the service, else null. */
    add(rowNo: number, state: OutageRowState, message: string): string | null {
      rows.set(rowNo, state);
      if (rows.size < needed) return null;
      const states = [...rows.values()];
      return pauseSentence(rows.size, jobRows, message, {
        failed: states.filter((each) => each === 'failed').length,
        unknown: states.filter((each) => each === 'outcome unknown').length,
      });
    },
  };
}

/**
 * Why the job paused, and what Resume does. A run's change a gateway answered is settled (503
 * failed, 502 as its read-back says), so Resume does not send it again: the sentence says so and
 * how to send it, where it promised that every row not done would be tried again.
 */
function pauseSentence(
  size: number,
  jobRows: number,
  message: string,
  settled: { failed: number; unknown: number },
): string {
  const who =
    size < outageRows && size === jobRows
      ? `the job's ${counted(size, 'row', 'rows')} could not reach the service`
      : `${size} rows in a row could not reach the service`;
  const start = `The batch paused itself: ${who} (${message})`;
  const { failed, unknown } = settled;
  if (failed + unknown === 0)
    return `${start} Resume when it is back; rows not yet done will be tried again.`;
  const ended = [failed > 0 && `${failed} failed`, unknown > 0 && `${unknown} ended outcome unknown`]
    .filter(Boolean)
    .join(' and ');
  const check = unknown > 0 ? ', once you have checked each outcome unknown one as its row says' : '';
  return (
    `${start} Of those, ${ended}; Resume does not send their changes again. Resume when the service is back ` +
    `to go on with the rows not yet sent, then choose those ${counted(failed + unknown, 'row', 'rows')} and run them again${check}.`
  );
}
