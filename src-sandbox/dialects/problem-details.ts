import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { ProblemDetails } from '../../src-shared/api';
import type { ErrorBody } from '../domain/api-error';

/**
 * The vendor dialect's refusals as ASP.NET Core writes them by default: RFC 9457 Problem Details
 * (`application/problem+json`) with `type`, `title`, `status` and `traceId`, `detail` where the
 * service has a sentence, and a validation 400's `errors` keyed by the .NET property path.
 */

/** The media type ASP.NET Core sends Problem Details with. */
export const problemContentType = 'application/problem+json; charset=utf-8';

/** ASP.NET Core's defaults (ProblemDetailsDefaults): RFC 9110's section and title per status. */
const defaults: Record<number, [section: string, title: string]> = {
  400: ['15.5.1', 'Bad Request'],
  401: ['15.5.2', 'Unauthorized'],
  403: ['15.5.4', 'Forbidden'],
  404: ['15.5.5', 'Not Found'],
  405: ['15.5.6', 'Method Not Allowed'],
  406: ['15.5.7', 'Not Acceptable'],
  408: ['15.5.9', 'Request Timeout'],
  409: ['15.5.10', 'Conflict'],
  412: ['15.5.13', 'Precondition Failed'],
  415: ['15.5.16', 'Unsupported Media Type'],
  422: ['15.5.21', 'Unprocessable Entity'],
  426: ['15.5.22', 'Upgrade Required'],
  500: ['15.6.1', 'An error occurred while processing your request.'],
  502: ['15.6.3', 'Bad Gateway'],
  503: ['15.6.4', 'Service Unavailable'],
  504: ['15.6.5', 'Gateway Timeout'],
};

/** The title [ApiController]'s automatic 400 gives a model that failed validation. */
const validationTitle = 'One or more validation errors occurred.';

/** The Problem Details of one refusal, given in the API's error body; a fresh trace id each. */
export function problemDetailsOf(status: number, body: ErrorBody): ProblemDetails {
  const [section, title] = defaults[status] ?? [undefined, STATUS_CODES[status] ?? 'Error'];
  const located = body.error.details.filter((detail) => typeof detail.path === 'string');
  const validation = status === 400 && located.length > 0;
  const errors: Record<string, string[]> = {};
  for (const { path, issue } of located) {
    const dotNet = dotNetPath(path!);
    (errors[dotNet] ??= []).push(`The ${memberName(dotNet)} field ${issue}.`);
  }
  return {
    ...(section ? { type: `https://tools.ietf.org/html/rfc9110#section-${section}` } : {}),
    title: validation ? validationTitle : title,
    status,
    ...(body.error.message ? { detail: body.error.message } : {}),
    ...(validation ? { errors } : {}),
    traceId: `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`,
  };
}

/** `fields[0].fieldId` -> `Fields[0].FieldId`, the path a .NET model binder names; `$` for the body. */
function dotNetPath(path: string): string {
  if (path === '') return '$';
  return path
    .split('.')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('.');
}

/** `Fields[0].FieldId` -> `FieldId`, as .NET's messages name the member. */
function memberName(path: string): string {
  return (path.split('.').at(-1) ?? path).replace(/\[\d+\]$/, '');
}
