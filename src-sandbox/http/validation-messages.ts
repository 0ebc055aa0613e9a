import type { FastifySchemaValidationError } from 'fastify';
import { ApiError, type ErrorDetail } from '../domain/api-error';

/** Which part of the request a schema error is about. */
type SchemaErrorDataVar = 'body' | 'headers' | 'params' | 'querystring';

const typeNames: Record<string, string> = {
  string: 'a string',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  number: 'a number',
  integer: 'a whole number',
  null: 'null',
};

/** Codes that clients switch on for a few schema rules, by where the rule failed. */
const specificCodes: Record<string, string> = {
  'body:documents': 'documents_not_allowed',
  'body:grant_type': 'unsupported_grant_type',
  'headers:idempotency-key': 'invalid_idempotency_key',
};

/**
 * Turns JSON-schema errors into the API's 400: a sentence that names where the problem is
 * (`fields[1].fieldId`, `processId in the path`) and what to send instead. Values are echoed only
 * for GUID mistakes, never for field values, which may be confidential.
 */
export function schemaErrorFormatter(
  errors: FastifySchemaValidationError[],
  dataVar: SchemaErrorDataVar,
): Error {
  const details: ErrorDetail[] = errors.map((error) => ({
    path: locate(dataVar, error.instancePath, error.params),
    issue: describe(error),
  }));
  const first = details[0] ?? { path: dataVar, issue: 'is not valid' };
  const guid = errors.find((error) => error.keyword === 'pattern' && /Id$/.test(error.instancePath));
  const code = guid
    ? /\/fieldId$/.test(guid.instancePath)
      ? 'invalid_field_id'
      : 'invalid_id'
    : (specificCodes[`${dataVar}:${first.path ?? ''}`] ?? 'invalid_request');
  return new ApiError(400, code, `${capitalise(where(dataVar, first.path ?? ''))} ${first.issue}.`, details);
}

/** Adds the field's code to a message about `fields[i]`, so a person can find the field. */
export function nameFieldInMessage(error: ApiError, body: unknown): ApiError {
  const match = /^fields\[(\d+)\]/.exec(error.details[0]?.path ?? '');
  if (!match || body === null || typeof body !== 'object') return error;
  const fields = (body as { fields?: unknown }).fields;
  const field = Array.isArray(fields)
    ? (fields[Number(match[1])] as { code?: unknown } | undefined)
    : undefined;
  if (typeof field?.code !== 'string' || field.code.length > 64) return error;
  const message = error.message.replace(/\.$/, ` (the field with code "${field.code}").`);
  return new ApiError(error.status, error.code, message, error.details);
}

function locate(dataVar: SchemaErrorDataVar, instancePath: string, params: Record<string, unknown>): string {
  const parts = instancePath.split('/').filter(Boolean);
  if (typeof params.missingProperty === 'string') parts.push(params.missingProperty);
  if (typeof params.additionalProperty === 'string') parts.push(params.additionalProperty);
  const path = parts.reduce(
    (text, part) => (/^\d+$/.test(part) ? `${text}[${part}]` : text ? `${text}.${part}` : part),
    '',
  );
  return dataVar === 'body' ? path : path || dataVar;
}

function where(dataVar: SchemaErrorDataVar, path: string): string {
  if (dataVar === 'body') return path === '' ? 'the body' : path;
  if (dataVar === 'params') return `${path} in the path`;
  if (dataVar === 'querystring') return `${path} in the query string`;
  return `the ${path} header`;
}

function describe(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${typeNames[String(params.type)] ?? String(params.type)}`;
    case 'pattern':
      return error.instancePath === '/idempotency-key'
        ? 'must be 1 to 255 visible ASCII characters (no spaces), sent once'
        : /Id$/.test(error.instancePath)
          ? 'must be a GUID such as 00000000-0000-0000-0000-000000000001'
          : /externalReference$/.test(error.instancePath)
            ? 'must start with a letter or digit and hold only letters, digits, dots, underscores and hyphens'
            : 'has a format that is not accepted';
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return Number(params.limit) === 1
        ? 'must not be empty'
        : `must be at least ${String(params.limit)} characters`;
    case 'maxItems':
      return Number(params.limit) === 0 ? 'must be empty' : `must have at most ${String(params.limit)} items`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'additionalProperties':
      return 'is not a property this operation accepts';
    default:
      return error.message ?? 'is not valid';
  }
}

// A sentence starts with a capital, but a path such as fields[1].fieldId keeps its exact spelling.
function capitalise(text: string): string {
  return text.startsWith('the ') ? `T${text.slice(1)}` : text;
}
