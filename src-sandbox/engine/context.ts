import type { Clock } from '../domain/clock';
import type { Repos } from '../storage/repos';
import type { Catalog } from './catalog';

/** What the engine reads and writes through. */
export interface EngineContext {
  repos: Repos;
  catalog: Catalog;
  clock: Clock;
}

/**
 * The engine inside one change (one transaction). REST API steps that become current are
 * collected here and called only after the change commits, never inside it.
 */
export interface ChangeScope extends EngineContext {
  restStepsToRun: string[];
}
