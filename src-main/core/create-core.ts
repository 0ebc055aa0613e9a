import packageJson from '../../package.json';
import type { Core } from '../handlers';
import { resolveDataDir } from './config';

/** Start-up settings shared by both shells. */
export interface CoreOptions {
  shell: Core['shell'];
  /** `--data`, if given; PROCESS_CONSOLE_DATA and the OS default apply otherwise. */
  dataDir?: string;
}

/** Builds the main-process services once; throws a Failure with a readable sentence on bad config. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const dataDir = resolveDataDir(options.dataDir);
  return { config: { dataDir }, shell: options.shell, version: packageJson.version };
}
