/** One entry of an error body's `details`: where the problem is and what is wrong there. */
export interface ErrorDetail {
  path?: string;
  issue: string;
  [extra: string]: unknown;
}

/** The error body of every failed request (API.md, Conventions). */
export interface ErrorBody {
  error: { code: string; message: string; details: ErrorDetail[] };
}

/**
 * An expected refusal (bad input, unknown id, wrong state). The HTTP layer turns it into the error
 * body of API.md; anything else thrown is a bug and becomes a 500 without a stack trace.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ErrorDetail[];
  readonly headers: Record<string, string>;
  /** Set by Fastify when this error reports a schema failure. */
  validation?: unknown;
  validationContext?: string;

  constructor(
    status: number,
    code: string,
    message: string,
    details: ErrorDetail[] = [],
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  /** The body sent to the client. */
  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, details: this.details } };
  }
}

/** 404 for a process id that is well formed but unknown. */
export function processNotFound(processId: string): ApiError {
  return new ApiError(404, 'process_not_found', `No process has the id ${processId}; check the id.`);
}
