import { request } from 'undici';
import { z } from 'zod';
import type { Profile } from '../../src-shared/profile';
import { Failure } from './failure';

const submissionSchema = z.object({ processId: z.string(), externalReference: z.string() });
const errorSchema = z.object({ error: z.object({ message: z.string() }) });

/** What a test form submission carries. */
export interface FormSubmission {
  formCode: string;
  answers: Record<string, string>;
  account?: { accountId: string; reference: string; name: string };
}

/**
 * "Submit a test form": posts a citizen's form to the reference service's customer-facing forms
 * endpoint, so the whole chain (process, document, REST API step) starts with one click. Never on
 * a live profile: test answers do not belong in a real council's caseload.
 */
export async function submitTestForm(
  profile: Profile,
  submission: FormSubmission,
): Promise<z.output<typeof submissionSchema>> {
  if (profile.environment === 'live') {
    throw new Failure(
      'invalid_input',
      `"${profile.name}" is a live profile; test forms are only sent to test services.`,
    );
  }
  const url = `${profile.baseUrl}/forms/${encodeURIComponent(submission.formCode)}/submissions`;
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        answers: submission.answers,
        ...(submission.account ? { account: submission.account } : {}),
      }),
      headersTimeout: profile.timeouts.headersMs,
      bodyTimeout: profile.timeouts.bodyIdleMs,
    });
    status = response.statusCode;
    // Read inside the try: a reset halfway through the answer is a network failure too.
    text = await response.body.text();
  } catch (error) {
    throw new Failure(
      'network',
      `Nothing answered at ${profile.baseUrl} (${(error as NodeJS.ErrnoException).code ?? 'network error'}). Is the reference service of "${profile.name}" running?`,
    );
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Handled below: not the reference service's answer.
  }
  if (status === 404) {
    throw new Failure(
      'not_found',
      `"${profile.name}" has no form ${submission.formCode}; test forms work with the reference service.`,
    );
  }
  if (status >= 400) {
    const said = errorSchema.safeParse(body);
    throw new Failure(
      status === 422 || status === 400 ? 'invalid_input' : 'server_error',
      said.success ? said.data.error.message : `The form was refused (${status}).`,
      { status: status },
    );
  }
  const parsed = submissionSchema.safeParse(body);
  if (!parsed.success)
    throw new Failure(
      'bad_response',
      `The answer to the form submission is not the reference service's; check the base URL of "${profile.name}".`,
    );
  return parsed.data;
}
