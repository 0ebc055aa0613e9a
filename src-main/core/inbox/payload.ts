import { guidPattern } from '../../../src-shared/api';
import { maxJsonDepth, nestedDeeperThan } from '../../../src-shared/json-depth';
import { documentIdFromPath } from '../../../src-shared/process-paths';
import { z } from 'zod';
import type { DeliveryPayloadView, PayloadDocument, PayloadField } from '../../../src-shared/inbox';
import { Failure } from '../failure';
import { issueReason } from './issue-reason';

/**
 * The outbound payload of a REST API step (API.md, "The outbound REST API step"), read tolerantly:
 * extra keys are ignored, because the vendor may add some, but the keys we rely on are checked and
 * a refusal names the key. Independent of HTTP so "Open from payload" can use it on pasted JSON.
 */

const text = z.string().max(10_000);
const optionalText = text.nullable().optional();

const linkSchema = z.object({ Rel: optionalText, Href: text });

// The seed's wording puts `Links` (or an `Href`) beside a document; the vendor's sample nests them.
const documentSchema = z.object({
  Name: optionalText,
  ContentType: optionalText,
  Href: optionalText,
  Links: z.array(linkSchema).max(100).optional(),
});

const fieldSchema = z.object({
  Label: optionalText,
  Code: text.min(1, 'must not be empty'),
  ValueAsString: z.string().max(100_000).nullable().optional(),
});

const payloadSchema = z.object({
  SubscriptionId: optionalText,
  ProcessId: z.string().regex(guidPattern, 'must be a GUID, e.g. 3f2a9c1e-0b7d-4e5f-9a1b-2c3d4e5f6a7b'),
  ExternalReference: text.min(1, 'must not be empty'),
  // Its type is not documented (the reference service sends a string or null); it is only shown.
  GeoTag: z.unknown().optional(),
  Documents: z.array(documentSchema).max(1000).optional(),
  Links: z
    .array(linkSchema.extend({ Name: optionalText, ContentType: optionalText }))
    .max(1000)
    .optional(),
  Fields: z.array(fieldSchema).max(5000).optional(),
});

type PayloadInput = z.infer<typeof payloadSchema>;
type LinkInput = z.infer<typeof linkSchema>;

/**
 * Reads a payload already parsed from JSON into the console's view of it. Throws
 * `Failure('invalid_input')` whose message names the offending key.
 */
export function parseDeliveryPayload(json: unknown): DeliveryPayloadView {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) {
    throw new Failure(
      'invalid_input',
      'The payload must be a JSON object with ProcessId and ExternalReference.',
    );
  }
  if (nestedDeeperThan(json)) {
    throw new Failure(
      'invalid_input',
      `The payload is nested more than ${maxJsonDepth} levels deep; a REST API step's payload is a few ` +
        'levels deep, so send the payload as the service sent it.',
    );
  }
  const parsed = payloadSchema.safeParse(json);
  if (!parsed.success) {
    throw new Failure(
      'invalid_input',
      `The payload is not valid: ${issueReason(parsed.error.issues, json)}.`,
    );
  }
  const payload = parsed.data;
  return {
    processId: payload.ProcessId,
    externalReference: payload.ExternalReference,
    subscriptionId: payload.SubscriptionId ?? null,
    geoTag: geoTagText(payload.GeoTag),
    documents: documentsOf(payload),
    fields: (payload.Fields ?? []).map((field): PayloadField => ({
      label: field.Label ?? '',
      code: field.Code,
      value: field.ValueAsString ?? '',
    })),
  };
}

function documentsOf(payload: PayloadInput): PayloadDocument[] {
  const documents: PayloadDocument[] = [];
  const seen = new Set<string>();
  const add = (name: string, contentType: string, href: string) => {
    if (href !== '' && seen.has(href)) return;
    if (href !== '') seen.add(href);
    documents.push({ name, contentType, href, documentId: href === '' ? null : documentIdInLink(href) });
  };
  for (const document of payload.Documents ?? []) {
    const href = selfLink(document.Links ?? [])?.Href ?? document.Href ?? '';
    add(document.Name ?? '', document.ContentType ?? '', href);
  }
  // Top-level links carry no name; a link already listed under Documents is not repeated.
  for (const link of payload.Links ?? []) add(link.Name ?? '', link.ContentType ?? '', link.Href);
  return documents;
}

function geoTagText(geoTag: unknown): string | null {
  if (geoTag === undefined || geoTag === null) return null;
  return typeof geoTag === 'string' ? geoTag : JSON.stringify(geoTag);
}

function selfLink(links: LinkInput[]): LinkInput | undefined {
  return links.find((link) => link.Rel?.toLowerCase() === 'self') ?? links[0];
}

/** The document id in a payload's link (`/open-api/documents/<id>`, relative or absolute). */
export function documentIdInLink(href: string): string | null {
  try {
    return documentIdFromPath(new URL(href, 'http://relative.invalid').pathname);
  } catch {
    return null;
  }
}
