import { randomUUID } from 'node:crypto';
import { ApiError } from '../domain/api-error';
import type { Account, Field } from '../domain/api-types';
import { isoDate } from '../domain/clock';
import type { ChangeScope } from '../engine/context';
import { createProcess, enterFirstStep, requireType } from '../engine/process-engine';
import type { FormDefinition } from '../seed/seed-schema';
import { renderTemplate } from './service-request-xml';

/** A customer-facing form submission. */
export interface FormSubmission {
  answers: Record<string, string>;
  account?: Account;
}

/** What a submission returns. */
export interface SubmissionResult {
  processId: string;
  externalReference: string;
}

/**
 * The form's action: checks the submission against the form, starts a process of the form's
 * type with one field per answer, renders the data-mapping template to XML and attaches it, and
 * only then enters the first step, so a REST API step's payload already links the document.
 * All in the caller's one transaction: a refused submission creates nothing.
 */
export function submitForm(
  scope: ChangeScope,
  form: FormDefinition,
  submission: FormSubmission,
  author = `Form ${form.formCode}`,
): SubmissionResult {
  if (form.customerAccountMandatory && submission.account === undefined) {
    throw new ApiError(
      422,
      'account_required',
      `The form "${form.title}" requires a customer account; submit it with account {accountId, reference, name}.`,
      [{ path: 'account', issue: 'required by this form' }],
    );
  }
  const questions = new Map(form.questions.map((question) => [question.code, question]));
  for (const code of Object.keys(submission.answers)) {
    if (!questions.has(code)) {
      throw new ApiError(
        400,
        'unknown_question',
        `The form "${form.title}" has no question with the code ${code.slice(0, 64)}.`,
        [{ path: `answers.${code.slice(0, 64)}`, issue: 'no such question' }],
      );
    }
  }
  const fields: Field[] = [];
  for (const question of form.questions) {
    const value = submission.answers[question.code];
    if (question.required && (value === undefined || value.trim() === '')) {
      throw new ApiError(
        400,
        'answer_required',
        `The question "${question.label}" (${question.code}) must be answered.`,
        [{ path: `answers.${question.code}`, issue: 'required' }],
      );
    }
    if (value === undefined) continue;
    fields.push({
      name: question.label,
      value,
      fieldId: randomUUID(),
      code: question.code,
      description: `Answer to "${question.label}" on form ${form.formCode}`,
      fieldType: 'Text',
      confidential: question.confidential,
    });
  }
  const record = createProcess(scope, {
    processTypeId: form.processTypeId,
    accounts: submission.account ? [submission.account] : [],
    fields,
    notes: [],
    author,
  });
  const xml = renderTemplate(form.document.template, {
    answers: submission.answers,
    process: {
      processId: record.processId,
      externalReference: record.externalReference,
      startedDate: record.startedDate,
      processTypeName: requireType(scope, record.processTypeId).name,
    },
    form: { formCode: form.formCode, title: form.title },
    account: { ...submission.account },
  });
  scope.repos.documents.insert(
    {
      documentId: randomUUID(),
      processId: record.processId,
      filename: form.document.filename,
      contentType: 'text/xml',
      contents: Buffer.from(xml, 'utf8'),
    },
    isoDate(scope.clock()),
  );
  enterFirstStep(scope, record);
  return { processId: record.processId, externalReference: record.externalReference };
}
