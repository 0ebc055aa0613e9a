import { useMemo } from 'react';
import { VirtualList } from '../../components/virtual-list';

/** The text with line numbers, virtualised so a 10 MiB document scrolls smoothly. */
export function RawView({ text }: { text: string }) {
  const lines = useMemo(() => text.split('\n'), [text]);
  const width = String(lines.length).length;
  return (
    <VirtualList
      label="Raw text"
      className="raw-view"
      items={lines}
      estimateSize={20}
      getKey={(_line, index) => String(index)}
      renderItem={(line, index) => (
        <div className="raw-line">
          <span className="line-number" aria-hidden="true" style={{ width: `${width + 1}ch` }}>
            {index + 1}
          </span>
          <span className="line-text">{line || ' '}</span>
        </div>
      )}
    />
  );
}
