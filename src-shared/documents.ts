/**
 * A decoded document as the console shows it (API.md "8. Get a document"). Types only: the
 * renderer imports this file, and every value here crosses the bridge as plain JSON.
 */

/** How the console shows a document; decided from its content type and its first bytes. */
export type DocumentKind = 'xml' | 'text' | 'pdf' | 'image' | 'binary';

/** One XML element: ids and numbers stay strings exactly as the document wrote them. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  /** The element's own text (its text and CDATA pieces joined), trimmed; '' when it has none. */
  text: string;
  children: XmlNode[];
}

/** One field of a ServiceRequest group: an element name and its text ('' when empty or absent). */
export interface ServiceRequestField {
  name: string;
  value: string;
}

/** One group of a ServiceRequest, e.g. ClientInfo. */
export interface ServiceRequestGroup {
  name: string;
  fields: ServiceRequestField[];
}

/**
 * The form view of a ServiceRequest document: the five groups in API.md order, each with its
 * expected elements in API.md order, then any elements and groups the form's template added.
 */
export interface ServiceRequestForm {
  groups: ServiceRequestGroup[];
}

/** A document decoded for display. */
export interface DecodedDocument {
  documentId?: string;
  filename: string;
  /** The content type the service declared, as sent. */
  contentType: string;
  /** Decoded size in bytes. */
  size: number;
  kind: DocumentKind;
  /** Sentences for the user: mislabelled content, XML not parsed, and why. */
  warnings: string[];
  /** For `xml` and `text` kinds: the decoded text. */
  text?: string;
  /** For parsed XML: the document re-indented, text XML-escaped. */
  pretty?: string;
  /** For parsed XML: the root element. */
  tree?: XmlNode;
  /** For parsed XML: how many elements the tree holds. */
  nodeCount?: number;
  /** For a ServiceRequest document: its form view. */
  form?: ServiceRequestForm;
  /** For images of 5 MiB or less: a `data:` URL for a preview, typed from the sniffed bytes. */
  previewDataUrl?: string;
}
