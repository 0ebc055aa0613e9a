/**
 * After a failed save, moves focus to the form's first input marked invalid (opening a collapsed
 * section that holds it), once the marks are rendered. `form` is any element holding the inputs
 * (a dialog's fields need not be a `<form>`).
 *
 * The marks come from a state update made after an await, which React commits in a task of its
 * own; on a busy machine that task can come after the next frame, so the search is repeated for a
 * few frames rather than tried once.
 */
export function focusFirstProblem(form: HTMLElement, framesLeft = 30) {
  requestAnimationFrame(() => {
    const first = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) {
      if (framesLeft > 0 && form.isConnected) focusFirstProblem(form, framesLeft - 1);
      return;
    }
    const section = first.closest('details');
    if (section) section.open = true;
    first.focus();
  });
}
