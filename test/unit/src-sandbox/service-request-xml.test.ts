import { describe, expect, it } from 'vitest';
import {
  escapeXml,
  renderTemplate,
  templatePlaceholders,
} from '../../../src-sandbox/forms/service-request-xml';
import { serviceRequestTemplate } from '../../../src-sandbox/seed/service-request-template';

describe('ServiceRequest XML', () => {
  it('escapes every value and keeps empty elements', () => {
    const xml = renderTemplate(
      {
        element: 'Root',
        children: [
          { element: 'A', value: '{{answers.A}}' },
          { element: 'B', value: '{{answers.B}}' },
        ],
      },
      { answers: { A: `<&>"'` } },
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Root>\n  <A>&lt;&amp;&gt;&quot;&apos;</A>\n  <B></B>\n</Root>\n',
    );
  });

  it('replaces characters XML cannot carry', () => {
    expect(escapeXml('a\u0000b\u001fc\uD800')).toBe('a\uFFFDb\uFFFDc\uFFFD');
    expect(escapeXml('tab\tand\nnewline 😀')).toBe('tab\tand\nnewline 😀');
  });

  it('the demo template fills all five groups from answers of the same name', () => {
    const template = serviceRequestTemplate('Fly-tipping report');
    const placeholders = templatePlaceholders(template);
    expect(placeholders).toContain('answers.FirstName');
    expect(placeholders).toContain('process.externalReference');
    const groups = template.children![0]!.children!.map((group) => group.element);
    expect(groups).toEqual([
      'RequestCategorisation',
      'ClientInfo',
      'ContactInfo',
      'PropertyInfo',
      'RequestInfo',
    ]);
  });
});
