import type { TemplateNode } from '../seed/seed-schema';

/** Values a template may use: `answers.Code`, `process.externalReference`, `form.title`, … */
export type TemplateValues = Record<string, Record<string, string | undefined>>;

const placeholder = /\{\{\s*([A-Za-z0-9_.-]+)\s*\}\}/g;

/**
 * Renders a form's data-mapping template to an XML document: one element per node, in order,
 * two-space indented. Every value is XML-escaped after its placeholders are filled; an element
 * whose value is empty is kept (`<DOB></DOB>`), because the layout is the contract.
 */
export function renderTemplate(root: TemplateNode, values: TemplateValues): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  renderNode(root, values, 0, lines);
  return `${lines.join('\n')}\n`;
}

function renderNode(node: TemplateNode, values: TemplateValues, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth);
  if (node.children && node.children.length > 0) {
    lines.push(`${indent}<${node.element}>`);
    for (const child of node.children) renderNode(child, values, depth + 1, lines);
    lines.push(`${indent}</${node.element}>`);
    return;
  }
  const text = fillPlaceholders(node.value ?? '', values);
  lines.push(`${indent}<${node.element}>${escapeXml(text)}</${node.element}>`);
}

/** Replaces each `{{root.name}}` with its value; an unknown or missing value becomes empty. */
export function fillPlaceholders(template: string, values: TemplateValues): string {
  return template.replace(placeholder, (_match, path: string) => {
    const [root, name] = path.split('.');
    return values[root ?? '']?.[name ?? ''] ?? '';
  });
}

/** Every placeholder a template uses, e.g. `answers.FirstName`. */
export function templatePlaceholders(root: TemplateNode): string[] {
  const found: string[] = [];
  const visit = (node: TemplateNode): void => {
    for (const match of (node.value ?? '').matchAll(placeholder)) found.push(match[1] ?? '');
    node.children?.forEach(visit);
  };
  visit(root);
  return found;
}

// Characters XML 1.0 cannot carry even escaped: C0 controls other than tab, LF, CR, lone
// surrogates and U+FFFE/U+FFFF. They become U+FFFD so the document always parses.
const notXmlChar =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Escapes text for an XML element or attribute value. */
export function escapeXml(text: string): string {
  return text
    .replace(notXmlChar, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
