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

/** What every form of a decoded document says about it, whole or paged. */
export interface DocumentMeta {
  documentId?: string;
  filename: string;
  /** The content type the service declared, as sent. */
  contentType: string;
  /** Decoded size in bytes. */
  size: number;
  kind: DocumentKind;
  /** Sentences for the user: mislabelled content, XML not parsed, and why. */
  warnings: string[];
  /** For a ServiceRequest document: its form view. */
  form?: ServiceRequestForm;
  /** For images of 5 MiB or less: a `data:` URL for a preview, typed from the sniffed bytes. */
  previewDataUrl?: string;
}

/** A document decoded whole (the reference the paged answers are tested against). */
export interface DecodedDocument extends DocumentMeta {
  /** For `xml` and `text` kinds: the decoded text. */
  text?: string;
  /** For parsed XML: the document re-indented, text XML-escaped. */
  pretty?: string;
  /** For parsed XML: the root element. */
  tree?: XmlNode;
  /** For parsed XML: how many elements the tree holds. */
  nodeCount?: number;
}

/** One element as the paged tree sends it: its children come by path, a page at a time. */
export interface XmlNodeSummary {
  /** Where the element is: '0' for the root, '0.3' for the root's fourth child, and so on. */
  path: string;
  name: string;
  attributes: Record<string, string>;
  /** The element's own text, cut to 1,000 characters for the tree (the raw view has it whole). */
  text: string;
  childCount: number;
}

/** A page of an element's children. */
export interface TreePage {
  path: string;
  offset: number;
  /** How many children the element has in all. */
  total: number;
  children: XmlNodeSummary[];
}

/** A range of lines of the raw view's text (the pretty text for parsed XML, else the text). */
export interface TextPage {
  fromLine: number;
  lineCount: number;
  lines: string[];
}

/** A page of the tree elements whose name, text or attributes contain the query. */
export interface SearchPage {
  query: string;
  offset: number;
  total: number;
  paths: string[];
}

/**
 * The first answer for an opened document: what is looked at first (the form view, metadata and
 * counts, the root with its first children and the first lines of text). The rest is paged from
 * the copy main keeps under `documentRef` until the document is closed or let go.
 */
export interface DocumentView extends DocumentMeta {
  documentRef: string;
  nodeCount?: number;
  /** For parsed XML: the root element and the first page of its children. */
  tree?: { root: XmlNodeSummary; firstChildren: TreePage };
  /** For XML and text: the first lines of the raw view and how many lines it has. */
  text?: TextPage;
}
