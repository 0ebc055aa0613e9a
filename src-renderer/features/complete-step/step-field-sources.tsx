import { useState } from 'react';
import type { Field, Process, Step } from '../../../src-shared/api';
import { ConfidentialValue } from '../../components/confidential-value';
import { newRow, type FieldRow } from '../../components/field-editor';

/** A field one click can add: what the service knows of its code, if anything. */
interface Offer {
  code: string;
  /** The process's field with this code; undefined when the process has none yet. */
  field: Field | undefined;
}

/**
 * A row for an offered code: its name and current value when the process has the field (its
 * confidential flag kept), else the code as its name and an empty value; the field id is the
 * process id, which the API accepts for any field (API.md "Field").
 */
export function rowForOffer({ code, field }: Offer, processId: string): FieldRow {
  return newRow({
    name: field?.name.trim() || code,
    code,
    value: field?.value ?? '',
    fieldId: processId,
    description: field?.description ?? '',
    confidential: field?.confidential ?? false,
  });
}

/**
 * The rows with the offered fields added: a code already in a row is left as the user set it, and
 * rows left wholly empty (the "Add field" row never filled) give way to the added ones.
 */
export function addOffers(rows: FieldRow[], offers: Offer[], processId: string): FieldRow[] {
  const kept = rows.filter((row) => row.name.trim() || row.code.trim() || row.value);
  const codes = new Set(kept.map((row) => row.code.trim()));
  const added = offers
    .filter((offer) => !codes.has(offer.code))
    .map((offer) => rowForOffer(offer, processId));
  return [...kept, ...added];
}

/**
 * What the step needs, one click per source: the codes its branching rules read (only when the
 * service says them on the step, as the reference service does) and the fields the process has.
 * The third source, the sets used before on this step, is the presets bar beside it.
 */
export function StepFieldSources({
  process,
  step,
  rows,
  onChange,
}: {
  process: Process;
  step: Step;
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
}) {
  const byCode = new Map(process.fields.map((field) => [field.code, field]));
  const ruleOffers = (step.ruleFieldCodes ?? []).map((code) => ({ code, field: byCode.get(code) }));
  const processOffers = process.fields
    .filter((field) => field.code.trim())
    .map((field) => ({ code: field.code, field }));
  const inRows = new Set(rows.map((row) => row.code.trim()));
  const add = (offers: Offer[]) => onChange(addOffers(rows, offers, process.processId));

  return (
    <section className="step-field-sources" aria-label="What this step needs">
      <p className="hint">
        {ruleOffers.length === 0 && processOffers.length === 0
          ? 'The service names no fields for this step and the process has none yet: add them below, or pick a set used before.'
          : 'Add the fields this step needs in one click; each comes with the process’s current value, if it has one.'}
      </p>
      <OfferGroup
        label="Read by this step’s rules"
        addAllLabel={`Add the ${count(ruleOffers.length, 'field')} its rules read`}
        offers={ruleOffers}
        inRows={inRows}
        onAdd={add}
      />
      <OfferGroup
        label="Fields this process has"
        addAllLabel={`Add all ${count(processOffers.length, 'process field')}`}
        offers={processOffers}
        inRows={inRows}
        onAdd={add}
      />
    </section>
  );
}

/** A value up to 10,000 characters long would fill the dialog; the row it adds keeps it whole. */
function shortened(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;
}

function OfferGroup({
  label,
  addAllLabel,
  offers,
  inRows,
  onAdd,
}: {
  label: string;
  addAllLabel: string;
  offers: Offer[];
  inRows: ReadonlySet<string>;
  onAdd: (offers: Offer[]) => void;
}) {
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  if (offers.length === 0) return null;
  const missing = offers.filter((offer) => !inRows.has(offer.code));
  const toggle = (code: string) =>
    setShown((old) => {
      const next = new Set(old);
      if (!next.delete(code)) next.add(code);
      return next;
    });
  return (
    <div className="offer-group" role="group" aria-label={label}>
      <div className="offer-group-head">
        <span className="small muted">{label}</span>
        <button
          type="button"
          className="small-button"
          disabled={missing.length === 0}
          onClick={() => onAdd(missing)}
        >
          {missing.length === 0 ? 'All added' : addAllLabel}
        </button>
      </div>
      <ul className="offer-list small">
        {offers.map((offer) => {
          const added = inRows.has(offer.code);
          const name = offer.field?.name.trim() || offer.code;
          return (
            <li key={offer.code}>
              <button
                type="button"
                className="small-button"
                disabled={added}
                aria-label={added ? `${offer.code} added` : `Add ${offer.code}`}
                onClick={() => onAdd([offer])}
              >
                {added ? 'Added' : 'Add'}
              </button>{' '}
              <code>{offer.code}</code> {name !== offer.code && <span>{name}</span>}{' '}
              <span className="muted">
                {offer.field === undefined ? (
                  'not on the process yet'
                ) : offer.field.confidential ? (
                  <ConfidentialValue
                    value={offer.field.value}
                    label={name}
                    shown={shown.has(offer.code)}
                    onToggle={() => toggle(offer.code)}
                  />
                ) : offer.field.value === '' ? (
                  'empty'
                ) : (
                  `= ${shortened(offer.field.value)}`
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
