import { useEffect, useRef } from 'react';
import type { SandboxStatus } from '../../src-shared/contract';
import { useProfiles } from '../features/profiles/profiles-store';
import { api } from '../lib/api';
import { setRemote, useRemote } from '../lib/cache';
import { currentValue } from '../lib/remote';
import { sandboxStatusLine, startEnded } from './sandbox-status';

/**
 * The embedded reference service's start, said above the screen: "starting", the keychain prompt
 * it waits on, or why it failed. When the start ends, the profiles are loaded again.
 */
export function SandboxStatusLine() {
  const [remote] = useRemote('sandbox.status', {});
  const status = currentValue(remote);
  const loadProfiles = useProfiles((store) => store.load);
  const seen = useRef<SandboxStatus | undefined>(undefined);

  useEffect(() => api.sandbox.onChanged((next) => setRemote('sandbox.status', {}, next)), []);

  useEffect(() => {
    if (!status) return;
    if (startEnded(seen.current, status)) void loadProfiles();
    seen.current = status;
  }, [status, loadProfiles]);

  const line = sandboxStatusLine(status);
  if (!line) return null;
  return line.kind === 'starting' ? (
    <p role="status" className="warning-box sandbox-status">
      {line.sentences.join(' ')}
    </p>
  ) : (
    <p role="alert" className="warning-box sandbox-status">
      {line.sentences.join(' ')}
    </p>
  );
}
