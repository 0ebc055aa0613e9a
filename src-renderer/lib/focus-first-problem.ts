/**
 * After a failed save, moves focus to the form's first input marked invalid (opening a collapsed
 * section that holds it), once the marks are rendered. `form` is any element holding the inputs
 * (a dialog's fields need not be a `<form>`).
 */
export function focusFirstProblem(form: HTMLElement) {
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    const section = first?.closest('details');
    if (section) section.open = true;
    first?.focus();
  });
}
