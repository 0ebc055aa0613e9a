/**
 * The sizes one bridge call may carry. The contract's schemas and the browser shell's body limit
 * both read them here, so a request the contract accepts always fits through the shell.
 */
export const limits = {
  /** Fields in one start or completion. */
  fields: 500,
  fieldName: 200,
  fieldCode: 200,
  fieldDescription: 2_000,
  fieldType: 50,
  fieldValue: 100_000,
  /** All field values of one request together: 500 fields of 10,000 characters. */
  fieldValuesTotal: 5_000_000,
  noteContents: 20_000,
  /** Lines (process ids or references) in one batch, once repeats are dropped. */
  batchLines: 10_000,
  /**
   * Lines or inbox deliveries a batch may be made from before repeats are dropped: a report with a
   * row per step, or an inbox with a delivery per event, names each process several times.
   */
  batchRawLines: 100_000,
  /** Characters of pasted text or CSV a batch may be made from: far above 10,000 lines of a wide CSV. */
  batchSourceCharacters: 16 * 2 ** 20,
  /** Requests per second a profile's batches may be set to: a big tenant may take thousands. */
  batchRatePerSecond: 10_000,
  /**
   * Bytes a batch reads for one process. A process with its steps, fields and recorded REST calls is
   * far below it; 32 reads at the 32 MiB every answer may have would hold a gigabyte.
   */
  batchReadBytes: 8 * 2 ** 20,
} as const;

/**
 * What the reference service takes where it is stricter than the contract (a vendor tenant may
 * take more). Its OpenAPI schema and seed format read them here, and the console holds a note to
 * them on a profile of the embedded reference service, so the 400 is said before review.
 */
export const referenceServiceLimits = {
  noteContents: 10_000,
} as const;

/** JSON escapes a control character as `\u0000`: six bytes, the most one character can take. */
const worstBytesPerCharacter = 6;

/** Characters of one largest field other than its value (name, code, description, type, id). */
const fieldOverhead =
  limits.fieldName + limits.fieldCode + limits.fieldDescription + limits.fieldType + 36 + 120;

/**
 * The browser shell's body limit: the largest completion the contract accepts, every character
 * escaped, plus room for the rest of the request. A larger body cannot be valid, so it is refused
 * before it is read whole.
 */
export const maxBridgeBodyBytes =
  Math.ceil(
    ((limits.fieldValuesTotal + limits.fields * fieldOverhead) * worstBytesPerCharacter) / 2 ** 20 + 1,
  ) *
  2 ** 20;
