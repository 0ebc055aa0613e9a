import type { ProfileView } from './profile';

/** Results of the console's own calls (not the service's objects, which are in api.ts). */

/** Facts about the running console, for the About box and the status bar. */
export interface AppInfo {
  name: string;
  version: string;
  shell: 'electron' | 'web';
  dataDir: string;
  platform: string;
}

/**
 * The OS keychain as last seen: answering, waiting for the user to answer a system prompt (macOS
 * "allow access", a keyring password), or failing with a real error.
 */
export type KeychainAvailability = 'available' | 'waiting' | 'unavailable';

/** The profiles, plus what the renderer must know about where secrets can live. */
export interface ProfileList {
  profiles: ProfileView[];
  /** Set when a file of the console's state (profiles.json, inbox.db, ...) could not be read and was moved aside. */
  problem: string | null;
  keychain: {
    state: KeychainAvailability;
    message: string | null;
    /** The session-only choice, as main holds it for this session. */
    sessionOnly: boolean;
  };
}

/** The embedded reference service, as the console runs it. */
export interface SandboxStatus {
  state: 'off' | 'starting' | 'running' | 'failed';
  url: string | null;
  profileId: string | null;
  /** Why it failed; while starting, the keychain's "waiting for permission" sentence, if so. */
  message: string | null;
}

/** What "Test connection" found. */
export interface ConnectionTest {
  latencyMs: number;
  message: string;
}
