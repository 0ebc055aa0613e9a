import { problemDetailsSchema, problemJsonType, serviceErrorSchema } from '../../../src-shared/api';
import { camelKeys } from '../../../src-shared/answer-keys';
import type { FieldError } from '../../../src-shared/result';

/** Where a refusal points in the request, and what the service said about it there. */
export interface ErrorAnswerProblem {
  /** As the service spells it: `fields[1].fieldId` (API.md) or `Fields[1].FieldId` (.NET). */
  path: string;
  message: string;
}

/**
 * The service's own words about a refusal, in either error format a tenant may use: API.md's
 * `{error: {code, message, details}}`, or RFC 9457 Problem Details, which ASP.NET Core answers
 * with by default (a .NET tenant's). Either one shows the request reached the API.
 */
export interface ErrorAnswer {
  format: 'api' | 'problem-details';
  /** API.md's error code, e.g. `no_current_step`; Problem Details carry none. */
  code?: string;
  /** The service's sentence: API.md's message, or Problem Details' `detail`, else `title`. */
  message?: string;
  /** Whether `message` is only the title of a validation answer, which says less than its errors. */
  generic: boolean;
  /** ASP.NET Core's `traceId`, which the vendor's support finds the request by. */
  traceId?: string;
  problems: ErrorAnswerProblem[];
}

/** The most problems kept from one answer: a form shows a few; a hostile answer sends thousands. */
const maxProblems = 50;

/** A trace id as ASP.NET writes one (`00-<32 hex>-<16 hex>-00`, or an older Activity id); never a sentence. */
const traceIdPattern = /^[\x21-\x7e]{1,128}$/;

/**
 * Reads the error format of a non-2xx answer; null when it has neither (a gateway's page, a bare
 * 404). `text` is the answer already cleaned of secrets (transport.ts), `json` its parse when made.
 */
export function readErrorAnswer(answer: {
  headers: Record<string, string>;
  text: string;
  json?: unknown;
}): ErrorAnswer | null {
  let raw = answer.json;
  try {
    raw ??= JSON.parse(answer.text);
  } catch {
    return null;
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  return isProblemJson(answer.headers['content-type'])
    ? problemDetails(raw as Record<string, unknown>)
    : apiError(raw);
}

/**
 * The field a problem is about, when its path is inside the request's `fields`: `Fields[0].FieldId`
 * (.NET model validation), `$.fields[0].fieldId` (System.Text.Json), `fields[0].fieldId` (API.md).
 */
export function fieldErrorsOf(problems: readonly ErrorAnswerProblem[]): FieldError[] {
  const found: FieldError[] = [];
  for (const problem of problems) {
    const match = /^(?:\$\.?)?fields\[(\d{1,4})\](?:\.([A-Za-z]+))?$/i.exec(problem.path);
    if (!match) continue;
    const input = match[2] === undefined ? null : (fieldInputs.get(match[2].toLowerCase()) ?? null);
    found.push({ index: Number(match[1]), input, message: problem.message });
  }
  return found;
}

/** A field's inputs as the API names them, by their lower-cased spelling. */
const fieldInputs = new Map(
  ['name', 'value', 'code', 'fieldId', 'description', 'fieldType', 'confidential'].map((key) => [
    key.toLowerCase(),
    key,
  ]),
);

function isProblemJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === problemJsonType;
}

function problemDetails(raw: Record<string, unknown>): ErrorAnswer {
  // RFC 9457 spells members in lower case; a tenant that PascalCases its JSON is read too. The
  // `errors` keys are .NET paths, kept as written, so only the top level is folded.
  const top = Object.fromEntries(Object.entries(raw).map(([key, value]) => [lowerFirst(key), value]));
  const problem = problemDetailsSchema.parse(top);
  const problems = Object.entries(problem.errors ?? {})
    .flatMap(([path, messages]) => [messages].flat().map((message) => ({ path, message })))
    .slice(0, maxProblems);
  const detail = nonEmpty(problem.detail);
  const traceId = problem.traceId?.trim();
  return {
    format: 'problem-details',
    message: detail ?? nonEmpty(problem.title),
    generic: detail === undefined && problems.length > 0,
    ...(traceId && traceIdPattern.test(traceId) ? { traceId } : {}),
    problems,
  };
}

function apiError(raw: object): ErrorAnswer | null {
  let parsed;
  try {
    parsed = serviceErrorSchema.safeParse(camelKeys(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const { code, message, details = [] } = parsed.data.error;
  const problems = details
    .flatMap((detail) => {
      const { path, issue } = (detail ?? {}) as { path?: unknown; issue?: unknown };
      return typeof path === 'string' && typeof issue === 'string' ? [{ path, message: issue }] : [];
    })
    .slice(0, maxProblems);
  return { format: 'api', code, message, generic: false, problems };
}

function lowerFirst(key: string): string {
  return key.charAt(0).toLowerCase() + key.slice(1);
}

function nonEmpty(text: string | undefined): string | undefined {
  return text?.trim() ? text : undefined;
}
