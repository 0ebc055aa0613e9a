import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonFileAtomic } from './core/json-file';

/** The desktop window's last size and position. */
export interface WindowBounds {
  x: number;
  y: number;
  width: number;
  height: number;
  maximized: boolean;
}

const boundsSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(600).max(20_000),
  height: z.number().int().min(400).max(20_000),
  maximized: z.boolean(),
});

const fileName = 'window.json';

/** The saved bounds, or null when none (or unreadable: then the default size is used). */
export function loadWindowBounds(dataDir: string): WindowBounds | null {
  return readJsonFile(join(dataDir, fileName), 1, boundsSchema).value;
}

/** Saves the bounds for the next start. */
export function saveWindowBounds(dataDir: string, bounds: WindowBounds): void {
  writeJsonFileAtomic(join(dataDir, fileName), 1, bounds);
}

/** True when a saved window would still be visible on one of today's displays. */
export function isOnScreen(
  bounds: WindowBounds,
  displays: { x: number; y: number; width: number; height: number }[],
): boolean {
  return displays.some(
    (area) =>
      bounds.x + 100 > area.x &&
      bounds.y + 50 > area.y &&
      bounds.x < area.x + area.width - 100 &&
      bounds.y < area.y + area.height - 50,
  );
}
