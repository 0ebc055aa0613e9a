import { useId, useState, type FormEvent } from 'react';
import { useNavigation } from '../../lib/navigation';

/** One input for a process id or an external reference; a GUID opens by id, anything else by reference. */
export function LookupBox() {
  const id = useId();
  const [text, setText] = useState('');
  const openProcess = useNavigation((state) => state.openProcess);
  const profileId = useNavigation((state) => state.profileId);

  // A blank lookup is sent too: the contract's rule answers it in place of the last lookup's error,
  // which would otherwise stay on screen under an empty box.
  function submit(event: FormEvent) {
    event.preventDefault();
    openProcess(text);
  }

  return (
    <form className="lookup" role="search" onSubmit={submit}>
      <label htmlFor={id} className="sidebar-label">
        Process id or external reference
      </label>
      <div className="lookup-row">
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="FT-000003"
          spellCheck={false}
          autoComplete="off"
          data-lookup-input
        />
        <button type="submit" disabled={!profileId}>
          Open
        </button>
      </div>
    </form>
  );
}
