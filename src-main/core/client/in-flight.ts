import { Failure } from '../failure';

/** Keys of the changes being sent right now, so one intent or one step is never sent twice at once. */
export interface InFlight {
  /** Claims every key or none; throws `conflict` with `message` when one is taken. */
  claim(keys: readonly string[], message: string): () => void;
}

/** Creates an in-memory guard (the console is one process, so memory is the right scope). */
export function createInFlight(): InFlight {
  const taken = new Set<string>();
  return {
    claim(keys, message) {
      if (keys.some((key) => taken.has(key))) throw new Failure('conflict', message);
      for (const key of keys) taken.add(key);
      return () => {
        for (const key of keys) taken.delete(key);
      };
    },
  };
}
