import { useMemo, useState, type ReactNode } from 'react';
import {
  confidentialSpots,
  spotKey,
  type ConfidentialSpot,
  type JsonPathStep,
} from '../../src-shared/confidential-values';
import { ConfidentialValue } from './confidential-value';

/**
 * A JSON value laid out as `JSON.stringify(value, null, 2)` would, with every value the shared
 * rule finds confidential masked and revealed one at a time, as in the Fields tab. A string body
 * that is JSON is shown parsed, so a recorded payload is masked like an object one.
 */
export function MaskedJson({
  value,
  codes,
  label,
}: {
  value: unknown;
  /** The process's confidential field codes. */
  codes: ReadonlySet<string>;
  label?: string;
}) {
  const parsed = useMemo(() => parseIfJson(value), [value]);
  const spots = useMemo(() => confidentialSpots(parsed, codes), [parsed, codes]);
  const [revealed, setRevealed] = useState<string | null>(null);
  const byKey = new Map(spots.map((spot) => [spotKey(spot.path), spot]));

  const parts: ReactNode[] = [];
  /** Appends `node` at `path` to `parts`: text as strings, a reveal control per masked value. */
  function write(node: unknown, path: JsonPathStep[], indent: string): void {
    const key = spotKey(path);
    const spot: ConfidentialSpot | undefined = byKey.get(key);
    const inner = `${indent}  `;
    if (spot) {
      parts.push(
        <ConfidentialValue
          key={key}
          value={JSON.stringify(node)}
          label={spot.code}
          shown={revealed === key}
          onToggle={() => setRevealed(revealed === key ? null : key)}
        />,
      );
    } else if (Array.isArray(node) && node.length > 0) {
      parts.push('[\n');
      node.forEach((item, index) => {
        parts.push(inner);
        write(item, [...path, index], inner);
        parts.push(index < node.length - 1 ? ',\n' : '\n');
      });
      parts.push(`${indent}]`);
    } else if (typeof node === 'object' && node !== null && !Array.isArray(node)) {
      const entries = Object.entries(node).filter(([, child]) => child !== undefined);
      if (entries.length === 0) parts.push('{}');
      else {
        parts.push('{\n');
        entries.forEach(([name, child], index) => {
          parts.push(`${inner}${JSON.stringify(name)}: `);
          write(child, [...path, name], inner);
          parts.push(index < entries.length - 1 ? ',\n' : '\n');
        });
        parts.push(`${indent}}`);
      }
    } else if (typeof node === 'string' && path.length === 0) {
      parts.push(node);
    } else {
      parts.push(JSON.stringify(node) ?? '');
    }
  }
  write(parsed, [], '');

  return (
    <pre className="code-block" tabIndex={0} aria-label={label}>
      {parts}
    </pre>
  );
}

function parseIfJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}
