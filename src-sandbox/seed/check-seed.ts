import { templatePlaceholders } from '../forms/service-request-xml';
import type { Seed } from './seed-schema';

/**
 * Problems a schema cannot see: names that must be unique and references that must resolve.
 * Returns one sentence per problem, empty when the seed is consistent.
 */
export function checkSeedReferences(seed: Seed): string[] {
  const problems: string[] = [];
  const types = new Map(seed.processTypes.map((type) => [type.processTypeId.toLowerCase(), type]));
  duplicates(seed.processTypes.map((t) => t.processTypeId.toLowerCase())).forEach((id) =>
    problems.push(`processTypes: the id ${id} is used twice.`),
  );
  duplicates(seed.processTypes.map((t) => t.referencePrefix)).forEach((prefix) =>
    problems.push(`processTypes: the reference prefix ${prefix} is used twice.`),
  );
  for (const type of seed.processTypes) {
    const names = new Set(type.steps.map((step) => step.name));
    duplicates(type.steps.map((s) => s.name)).forEach((name) =>
      problems.push(`processTypes "${type.name}": two steps are named "${name}".`),
    );
    for (const step of type.steps) {
      for (const rule of step.rules) {
        if (!names.has(rule.goTo))
          problems.push(`processTypes "${type.name}", step "${step.name}": no step named "${rule.goTo}".`);
      }
    }
  }
  const forms = new Map(seed.forms.map((form) => [form.formCode, form]));
  duplicates(seed.forms.map((f) => f.formCode)).forEach((formCode) =>
    problems.push(`forms: the code ${formCode} is used twice.`),
  );
  for (const form of seed.forms) {
    if (!types.has(form.processTypeId.toLowerCase()))
      problems.push(`forms "${form.formCode}": no process type has the id ${form.processTypeId}.`);
    const questions = new Set(form.questions.map((q) => q.code));
    for (const placeholder of templatePlaceholders(form.document.template)) {
      const problem = placeholderProblem(placeholder, questions);
      if (problem) problems.push(`forms "${form.formCode}": the template's {{${placeholder}}} ${problem}.`);
    }
  }
  const groups = new Set(seed.staff.groups.map((g) => g.name));
  duplicates(seed.staff.users.map((u) => u.userName)).forEach((name) =>
    problems.push(`staff: the user name ${name} is used twice.`),
  );
  for (const user of seed.staff.users) {
    for (const group of user.groups) {
      if (!groups.has(group)) problems.push(`staff user ${user.userName}: no group is named "${group}".`);
    }
  }
  seed.processes.forEach((process, index) => {
    const where = `processes[${index}]`;
    if (!types.has(process.processTypeId.toLowerCase()))
      problems.push(`${where}: no process type has the id ${process.processTypeId}.`);
    if (process.form === undefined) return;
    const form = forms.get(process.form);
    if (!form) {
      problems.push(`${where}: no form has the code ${process.form}.`);
      return;
    }
    if (form.processTypeId.toLowerCase() !== process.processTypeId.toLowerCase())
      problems.push(`${where}: form ${form.formCode} starts a different process type.`);
    const questions = new Set(form.questions.map((q) => q.code));
    for (const answer of Object.keys(process.answers ?? {})) {
      if (!questions.has(answer)) problems.push(`${where}: form ${form.formCode} has no question ${answer}.`);
    }
  });
  return problems;
}

const placeholderRoots: Record<string, string[]> = {
  process: ['processId', 'externalReference', 'startedDate', 'processTypeName'],
  form: ['formCode', 'title'],
  account: ['accountId', 'reference', 'name'],
};

function placeholderProblem(placeholder: string, questions: Set<string>): string | undefined {
  const [root, name, ...rest] = placeholder.split('.');
  if (rest.length > 0 || name === undefined) return 'is not of the form root.name';
  if (root === 'answers') return questions.has(name) ? undefined : 'names no question of the form';
  const names = placeholderRoots[root ?? ''];
  if (!names) return 'starts with an unknown root (answers, process, form, account)';
  return names.includes(name) ? undefined : `is unknown; ${root} offers ${names.join(', ')}`;
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const value of values) (seen.has(value) ? repeated : seen).add(value);
  return [...repeated];
}
